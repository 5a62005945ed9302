import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A device's new MQTT credentials, shown this once (the server keeps only a hash). */
export function CredentialsModal({
  credentials,
  onClose,
}: {
  credentials: { username: string; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={credentials !== null}
      title={t('equipment.credentialsTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="credentials-modal"
    >
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'username',
            label: t('equipment.username'),
            children: <Typography.Text copyable>{credentials?.username}</Typography.Text>,
          },
          {
            key: 'password',
            label: t('equipment.password'),
            children: <Typography.Text copyable>{credentials?.password}</Typography.Text>,
          },
        ]}
      />
    </Modal>
  );
}
