import { LOGOUT_AFTER_PASSWORD_CHANGE_MS, PASSWORD_MAX, PASSWORD_MIN, requestMessages } from '@ess/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { serverText } from '@/lib/i18n/server-text';
import { changePassword } from '@/lib/session/api/change-password';

type Props = {
  open: boolean;
  onClose: () => void;
  /** Called 1 s after a successful change: the session has ended (spec 7). */
  onChanged: () => void;
};

type Values = { oldPwd: string; newPwd: string; confirm: string };

/** Change password (spec 5): three required fields, 6–18 characters, confirm equals new. */
export function ChangePasswordModal({ open, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const length = { min: PASSWORD_MIN, max: PASSWORD_MAX, message: serverText(requestMessages.passwordLength) };

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await changePassword(v.oldPwd, v.newPwd);
      notify.success(t('password.changed'));
      setTimeout(onChanged, LOGOUT_AFTER_PASSWORD_CHANGE_MS);
      onClose();
      form.resetFields();
    } catch {
      // The API client already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      data-testid="password-modal"
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark>
        <Form.Item
          name="oldPwd"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.required') }, length]}
        >
          <Input.Password autoComplete="current-password" data-testid="pwd-old" />
        </Form.Item>
        <Form.Item
          name="newPwd"
          label={t('password.new')}
          rules={[{ required: true, message: t('password.required') }, length]}
        >
          <Input.Password autoComplete="new-password" data-testid="pwd-new" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['newPwd']}
          rules={[
            { required: true, message: t('password.required') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPwd')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="pwd-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
