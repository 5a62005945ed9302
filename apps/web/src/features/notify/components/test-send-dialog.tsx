import { NOTIFY_CHANNELS, type NotifyChannel, type NotifyConfig } from '@ess/contract';
import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTestSend } from '../api/notify';

type Values = { userId: number; channel: NotifyChannel };

/** Sends a test notice to one user on one channel and says what happened (it is logged too). */
export function TestSendDialog({ config, onClose }: { config: NotifyConfig; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const send = useTestSend();
  const result = send.data;
  return (
    <Modal
      open
      title={t('notify.test.button')}
      okText={t('notify.test.send')}
      cancelText={t('crud.cancel')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => send.mutate(v)} initialValues={{ channel: 'inapp' }}>
        <Form.Item
          name="userId"
          label={t('notify.test.user')}
          rules={[{ required: true, message: t('notify.chain.required') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={config.users.map((u) => ({ value: u.id, label: u.name }))}
            data-testid="notify-test-user"
          />
        </Form.Item>
        <Form.Item name="channel" label={t('notify.test.channel')}>
          <Select options={NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`notify.channel.${c}`) }))} />
        </Form.Item>
      </Form>
      {result && (
        <Alert
          type={result.status === 'sent' ? 'success' : 'warning'}
          data-testid="notify-test-result"
          title={t('notify.test.result', {
            status: t(`notify.status.${result.status}`),
            reason: t(`notify.reason.${result.reason}`),
          })}
          description={result.detail}
        />
      )}
    </Modal>
  );
}
