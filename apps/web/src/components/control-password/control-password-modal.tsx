import { type ControlPassword, PASSWORD_MAX, PASSWORD_MIN, ResultCode, requestMessages } from '@ess/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/api-error';
import type { CallOptions } from '@/lib/api/client';
import { serverText } from '@/lib/i18n/server-text';
import { withControlPassword } from '@/lib/session/api/control-password';

/**
 * The control call to make once the password is typed: spread `sealed` into the call's input
 * (`{password, aesKey, iv}`) and pass `opts` to `call` (silent: the dialog shows failures itself).
 */
export type ControlRun<T> = (sealed: ControlPassword, opts: CallOptions) => Promise<T>;

export type ControlPasswordModalProps<T> = {
  open: boolean;
  run: ControlRun<T>;
  /** The call succeeded; the dialog should close. */
  onDone: (result: T) => void;
  onCancel: () => void;
  title?: ReactNode;
  /** What will be done (device, point, value), shown above the field. */
  description?: ReactNode;
};

type Values = { password: string };

/** The server's failure as the dialog shows it, and whether the typed password was wrong. */
const failureOf = (e: unknown, fallback: string) =>
  e instanceof ApiError
    ? { text: e.message || fallback, wrong: e.code === ResultCode.BAD_CREDENTIALS }
    : { text: fallback, wrong: false };

/**
 * Asks for the user's password again (6–18 characters), seals it as sign-in does and makes the
 * control call. A wrong password ("incorrect password") or any refusal ("delivery in progress,
 * wait") is shown inline and the user may try again; a retired login key is retried once.
 */
export function ControlPasswordModal<T>({
  open,
  run,
  onDone,
  onCancel,
  title,
  description,
}: ControlPasswordModalProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const silent: CallOptions = { silent: true };

  const attempt = (password: string) => withControlPassword(password, (sealed) => run(sealed, silent));

  const submit = async ({ password }: Values) => {
    setBusy(true);
    setError(null);
    try {
      let result: T;
      try {
        result = await attempt(password);
      } catch (e) {
        // The key rotated while the page stayed open: `withSealed` dropped it, seal again once.
        if (!(e instanceof ApiError && e.code === ResultCode.BAD_CIPHER)) throw e;
        result = await attempt(password);
      }
      form.resetFields();
      onDone(result);
    } catch (e) {
      const failure = failureOf(e, t('common.error'));
      setError(failure.text);
      if (failure.wrong) form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    form.resetFields();
    setError(null);
    onCancel();
  };

  const length = { min: PASSWORD_MIN, max: PASSWORD_MAX, message: serverText(requestMessages.passwordLength) };
  return (
    <Modal
      open={open}
      title={title ?? t('controlPassword.title')}
      okText={t('controlPassword.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      forceRender
      data-testid="control-password-modal"
    >
      {description ? <div style={{ marginBottom: 12 }}>{description}</div> : null}
      <Form<Values> form={form} name="control-password" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="password"
          label={t('controlPassword.password')}
          extra={t('controlPassword.hint')}
          rules={[{ required: true, message: t('password.required') }, length]}
        >
          <Input.Password autoComplete="current-password" autoFocus data-testid="control-password-input" />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon message={error} data-testid="control-password-error" /> : null}
    </Modal>
  );
}
