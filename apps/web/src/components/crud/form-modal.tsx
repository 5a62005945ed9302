import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';

type Props<V extends object> = {
  open: boolean;
  title: ReactNode;
  /** The form's values when it opens (an edited row, or defaults for a new one). */
  initialValues: Partial<V>;
  /** Saves; resolves to close the dialog with "operation succeeded", rejects to keep it open. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** Form items, or a function of the form (for fields that depend on each other). */
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
  width?: number;
  testId?: string;
};

/**
 * The add / edit dialog of an administration list: validates with the items' rules (the same
 * rules the server applies), saves, reports success, and stays open on failure (the client has
 * shown the server's message).
 */
export function FormModal<V extends object>({
  open,
  title,
  initialValues,
  onSubmit,
  onClose,
  children,
  width = 560,
  testId,
}: Props<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  // Field ids are prefixed with the form's name, so they never clash with the filter bar's.
  const formName = `edit-${useId().replaceAll(':', '')}`;

  // Filled once each time the dialog opens: a page that rebuilds `initialValues` on every render
  // must not wipe what the user typed (e.g. after a refused save).
  const initial = useRef(initialValues);
  initial.current = initialValues;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial.current as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [open, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    setSaving(true);
    try {
      await onSubmit(values);
      notify.success(t('messages.operationSucceeded'));
      onClose();
    } catch {
      // The client has shown the server's message; the dialog keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onOk={save}
      onCancel={onClose}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
      data-testid={testId}
    >
      <Form<V> form={form} name={formName} layout="vertical" preserve={false} onFinish={save}>
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
