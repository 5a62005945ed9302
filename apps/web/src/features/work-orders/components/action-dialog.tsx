import {
  type OrderAction,
  type OrderActionBody,
  type OrderDetail,
  type StoredFile,
  workorderApi,
  workorderMessages,
} from '@ess/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useEndpointMutation } from '@/components/crud';
import { FileUpload } from '@/components/file-upload';
import { notify } from '@/lib/api/notifier';
import { useServerText } from '@/lib/i18n/server-text';
import { ORDER_WRITE_INVALIDATES } from '../api/orders';
import { type FieldInputs, FORM_VALUES, FormFieldInputs, toFieldInputs, toFormValues } from './form-field-inputs';
import { useOrderWords } from './order-words';

/** What a row or the detail asked to do with an order. */
export type OrderStep = { action: OrderAction | 'delete'; order: OrderDetail };

type Values = {
  userId?: number;
  nodeId?: string;
  opinion?: string;
  photos?: StoredFile[];
  [FORM_VALUES]?: FieldInputs;
};

/** Actions asked with a yes/no question first (spec 4: accept and void; close and delete end it too). */
const CONFIRMED = new Set<OrderStep['action']>(['accept', 'void', 'close', 'delete']);
/** Actions that then ask for more (a person, a node, an opinion). */
const WITH_FORM = new Set<OrderStep['action']>(['allocate', 'transfer', 'forward', 'back', 'void', 'finish']);

/**
 * Takes one action on an order: the question (cancelling says so), then the dialog of what the
 * action needs — allocate and transfer a handler, forward a forwardee, back an earlier node and
 * an opinion, void an opinion, finish an opinion and the order's form fields — with the server's own words for what is missing.
 * A refusal (403 not yours, 409 not now) is shown by the client in the server's words.
 */
export function OrderActionDialog({
  step,
  onClose,
  onDone,
}: {
  step: OrderStep;
  onClose: () => void;
  onDone: (step: OrderStep) => void;
}) {
  const { t } = useTranslation();
  const words = useOrderWords();
  const [stage, setStage] = useState<'confirm' | 'form'>(CONFIRMED.has(step.action) ? 'confirm' : 'form');
  const [busy, setBusy] = useState(false);
  const act = useEndpointMutation(workorderApi.workorderOrderAction, { invalidate: ORDER_WRITE_INVALIDATES });
  const remove = useEndpointMutation(workorderApi.workorderOrderDelete, { invalidate: ORDER_WRITE_INVALIDATES });
  const { action, order } = step;

  const send = async (values: Values) => {
    if (action === 'delete') await remove.mutateAsync({ id: order.id });
    else await act.mutateAsync(actionBody(order, action, values));
    onDone(step);
  };

  if (stage === 'confirm') {
    const confirm = async () => {
      if (WITH_FORM.has(action)) return setStage('form');
      setBusy(true);
      try {
        await send({});
        notify.success(t('messages.operationSucceeded'));
        onClose();
      } catch {
        // The client has shown the server's message.
        setBusy(false);
      }
    };
    return (
      <Modal
        open
        title={words.action(action)}
        onOk={() => void confirm()}
        onCancel={() => {
          notify.warning(t('workOrders.cancelled'));
          onClose();
        }}
        okText={words.action(action)}
        okButtonProps={{ danger: action === 'void' || action === 'delete' }}
        cancelText={t('crud.cancel')}
        confirmLoading={busy}
        data-testid="order-confirm"
      >
        {t(`workOrders.confirm.${action as 'accept' | 'void' | 'close' | 'delete'}`, { number: order.number })}
      </Modal>
    );
  }
  return (
    <FormModal<Values>
      open
      title={t('workOrders.dialog.title', { action: words.action(action), number: order.number })}
      // Finish shows the order's form fields with what they hold so far.
      initialValues={action === 'finish' ? { [FORM_VALUES]: toFieldInputs(order.formFields, order.formValues) } : {}}
      onSubmit={send}
      onClose={onClose}
      testId="order-action-form"
    >
      <ActionFields action={action} order={order} />
    </FormModal>
  );
}

/** The body of `order/action` from the dialog's values: only what the action takes. */
function actionBody(order: OrderDetail, action: OrderAction, v: Values): OrderActionBody {
  const id = order.id;
  const opinion = v.opinion?.trim() || undefined;
  switch (action) {
    case 'allocate':
    case 'transfer':
    case 'forward':
      return { id, action, userId: v.userId, ...(opinion ? { opinion } : {}) };
    case 'back':
      return { id, action, nodeId: v.nodeId, opinion };
    case 'void':
      return { id, action, opinion };
    case 'finish':
      return {
        id,
        action,
        opinion,
        ...(v.photos?.length ? { attachmentIds: v.photos.map((f) => f.id) } : {}),
        ...(order.formFields.length ? { formValues: toFormValues(order.formFields, v[FORM_VALUES]) } : {}),
      };
    default:
      return { id, action };
  }
}

function ActionFields({ action, order }: { action: OrderStep['action']; order: OrderDetail }) {
  const { t } = useTranslation();
  const server = useServerText();
  const users = order.candidateUsers.map((u) => ({ value: u.id, label: u.name }));
  const userField = (label: string, missing: string) => (
    <Form.Item name="userId" label={label} rules={[{ required: true, message: missing }]}>
      <Select showSearch optionFilterProp="label" options={users} data-testid="order-action-user" />
    </Form.Item>
  );
  const opinion = (required: boolean) => (
    <Form.Item
      name="opinion"
      label={t('workOrders.dialog.opinion')}
      rules={[{ required, whitespace: required, message: server(workorderMessages.workorderOpinionEmpty) }]}
    >
      <Input.TextArea rows={3} maxLength={500} showCount data-testid="order-action-opinion" />
    </Form.Item>
  );
  switch (action) {
    case 'allocate':
      return userField(t('workOrders.dialog.executor'), server(workorderMessages.workorderExecutorEmpty));
    case 'transfer':
      return userField(t('workOrders.dialog.transferee'), server(workorderMessages.workorderExecutorEmpty));
    case 'forward':
      return userField(t('workOrders.dialog.forwardee'), server(workorderMessages.workorderForwarderEmpty));
    case 'back':
      return (
        <>
          <Form.Item
            name="nodeId"
            label={t('workOrders.dialog.backNode')}
            rules={[{ required: true, message: server(workorderMessages.workorderBackNode) }]}
          >
            <Select
              options={order.backNodes.map((n) => ({ value: n.id, label: n.name }))}
              data-testid="order-action-node"
            />
          </Form.Item>
          {opinion(true)}
        </>
      );
    case 'finish':
      return (
        <>
          <FormFieldInputs fields={order.formFields} requireAll />
          {opinion(true)}
          <Form.Item name="photos" label={t('workOrders.dialog.photos')}>
            <FileUpload purpose="picture" stationId={order.stationId} testId="order-action-photos" />
          </Form.Item>
        </>
      );
    default:
      return opinion(action === 'void');
  }
}
