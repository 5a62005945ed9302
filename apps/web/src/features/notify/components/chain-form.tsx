import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ALARM_LEVELS,
  NOTIFY_CHANNELS,
  NOTIFY_LIMITS,
  type NotifyChainBody,
  type NotifyChainRow,
  type NotifyConfig,
} from '@ess/contract';
import { Button, Card, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { useSaveChain } from '../api/notify';

type Values = Omit<NotifyChainBody, 'id'>;

const NEW_STEP: Values['steps'][number] = {
  delayMinutes: 0,
  repeatMinutes: 10,
  channels: ['inapp'],
  userIds: [],
  roleIds: [],
};

/** Add or edit a chain and its steps; the server checks step order and recipients again. */
export function ChainForm({
  config,
  chain,
  onClose,
}: {
  config: NotifyConfig;
  chain: NotifyChainRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveChain();
  const initial: Values = chain
    ? {
        name: chain.name,
        enabled: chain.enabled,
        stationIds: chain.stationIds,
        levels: chain.levels,
        stopOnRecovery: chain.stopOnRecovery,
        steps: chain.steps,
      }
    : { name: '', enabled: true, stationIds: [], levels: [1, 2], stopOnRecovery: true, steps: [NEW_STEP] };
  const required = [{ required: true, message: t('notify.chain.required') }];

  const submit = (v: Values) =>
    save.mutateAsync(chain ? { ...v, id: chain.id } : v).then(
      () => {
        notify.success(t('notify.saved'));
        onClose();
      },
      () => undefined,
    );

  return (
    <Modal
      open
      width={760}
      title={chain ? t('crud.edit') : t('notify.chain.add')}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        data-testid="notify-chain-form"
      >
        <Form.Item name="name" label={t('notify.chain.name')} rules={required}>
          <Input maxLength={NOTIFY_LIMITS.name} data-testid="notify-chain-name" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="enabled" label={t('notify.chain.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="stopOnRecovery" label={t('notify.chain.stopOnRecovery')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="levels" label={t('notify.chain.levels')} rules={required}>
          <Checkbox.Group options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`notify.level.l${l}`) }))} />
        </Form.Item>
        <Form.Item name="stationIds" label={t('notify.chain.stations')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('notify.allStations')}
            optionFilterProp="label"
            options={config.stations.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.List name="steps">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Card
                  key={field.key}
                  size="small"
                  style={{ marginBottom: 8 }}
                  title={t('notify.chain.step', { n: i + 1 })}
                  extra={
                    fields.length > 1 && (
                      <Button
                        type="text"
                        size="small"
                        icon={<MinusCircleOutlined />}
                        aria-label={t('notify.chain.removeStep')}
                        onClick={() => remove(field.name)}
                      />
                    )
                  }
                >
                  <Space wrap>
                    <Form.Item name={[field.name, 'delayMinutes']} label={t('notify.chain.delay')} rules={required}>
                      <InputNumber min={0} max={NOTIFY_LIMITS.delayMinutesMax} precision={0} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'repeatMinutes']} label={t('notify.chain.repeat')} rules={required}>
                      <InputNumber min={0} max={NOTIFY_LIMITS.repeatMinutesMax} precision={0} />
                    </Form.Item>
                  </Space>
                  <Form.Item name={[field.name, 'channels']} label={t('notify.chain.channels')} rules={required}>
                    <Checkbox.Group
                      options={NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`notify.channel.${c}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'userIds']} label={t('notify.chain.users')}>
                    <Select
                      mode="multiple"
                      optionFilterProp="label"
                      options={config.users.map((u) => ({ value: u.id, label: u.name }))}
                      data-testid={`notify-step-users-${i}`}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'roleIds']} label={t('notify.chain.roles')}>
                    <Select
                      mode="multiple"
                      optionFilterProp="label"
                      options={config.roles.map((r) => ({ value: r.id, label: r.name }))}
                    />
                  </Form.Item>
                </Card>
              ))}
              {fields.length < NOTIFY_LIMITS.steps && (
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => {
                    const steps = form.getFieldValue('steps') as Values['steps'];
                    const last = steps.at(-1);
                    add({ ...NEW_STEP, delayMinutes: (last?.delayMinutes ?? 0) + 15 });
                  }}
                >
                  {t('notify.chain.addStep')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
