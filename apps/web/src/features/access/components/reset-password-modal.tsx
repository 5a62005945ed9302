import { checkPasswordLength, type SysUserRow } from '@ess/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/crud';
import { checkRule } from './user-form';

type Values = { password: string; confirm: string };

/** An administrator sets a user's password (6–18, typed twice); it travels sealed. */
export function ResetPasswordModal({
  user,
  onClose,
  onSubmit,
}: {
  user: SysUserRow | null;
  onClose: () => void;
  onSubmit: (password: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <FormModal<Values>
      open={user !== null}
      title={t('userAdmin.resetTitle', { name: user?.username ?? '' })}
      initialValues={{}}
      onClose={onClose}
      onSubmit={(v) => onSubmit(v.password)}
      width={420}
      testId="reset-password-form"
    >
      <Form.Item
        name="password"
        label={t('userAdmin.password')}
        rules={[
          { required: true, message: t('userAdmin.passwordRequired') },
          checkRule(checkPasswordLength, (k) => t(k), false),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('userAdmin.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('userAdmin.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) =>
              v === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('messages.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
