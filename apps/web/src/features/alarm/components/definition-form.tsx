import {
  ALARM_CONDITIONS,
  ALARM_LEVELS,
  ALARM_LIMITS,
  ALARM_PLACEHOLDERS,
  type AlarmDefinition,
  DEVICE_TYPES,
} from '@ess/contract';
import { Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/api-error';
import { notify } from '@/lib/api/notifier';
import { useLang } from '@/lib/i18n/use-lang';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { useSaveDefinition } from '../api/alarm-definitions';
import { pointOptions, pointUnit } from './definition-points';
import { type DefinitionValues, numberRules, PROBLEM_FIELD, textRules, toDefinitionBody } from './definition-rules';

const V = ALARM_LIMITS.value;

type FormText =
  | Exclude<keyof DefinitionValues, 'targetKind'>
  | 'targetKind'
  | 'byType'
  | 'byDevice'
  | 'thresholdLow'
  | 'bit'
  | 'nodataSeconds'
  | 'holdHelp'
  | 'deadbandHelp';

const EMPTY: DefinitionValues = {
  name: '',
  targetKind: 'type',
  deviceType: 'bms',
  deviceId: null,
  pointCode: '',
  condition: 'gt',
  threshold: null,
  threshold2: null,
  holdSeconds: 10,
  deadband: 0,
  level: 2,
  content: '{station} {device} {point} {value} > {limit}',
  enabled: true,
};

const fromDefinition = (d: AlarmDefinition): DefinitionValues => ({
  name: d.name,
  targetKind: d.deviceId === null ? 'type' : 'device',
  deviceType: d.deviceType,
  deviceId: d.deviceId,
  pointCode: d.pointCode,
  condition: d.condition,
  threshold: d.threshold,
  threshold2: d.threshold2,
  holdSeconds: d.holdSeconds,
  deadband: d.deadband,
  level: d.level,
  content: d.content,
  enabled: d.enabled,
});

/**
 * Add or edit a definition: target (a device type, or one device of the current station), point,
 * condition with its threshold(s), hold time, deadband, level, content template, enabled. Field
 * ranges and the rules between fields are checked here as the server checks them; what only
 * the server knows (a taken name, an unknown point) comes back in its message.
 */
export function DefinitionForm({
  open,
  editing,
  stationId,
  onClose,
}: {
  open: boolean;
  editing: AlarmDefinition | null;
  stationId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<DefinitionValues>();
  const save = useSaveDefinition();
  const devices = flattenDevices(useDeviceTree(open ? stationId : null).data);
  const targetKind = Form.useWatch('targetKind', form);
  const deviceType = Form.useWatch('deviceType', form);
  const deviceId = Form.useWatch('deviceId', form);
  const condition = Form.useWatch('condition', form);
  const pointCode = Form.useWatch('pointCode', form);
  const type = targetKind === 'device' ? devices.find((d) => d.id === deviceId)?.type : deviceType;
  // The watched point's unit beside every value of it, from the chosen type's (or device's) models.
  const unit = pointUnit(type, pointCode || null) ?? undefined;
  const points = useMemo(() => pointOptions(type, lang), [type, lang]);

  useEffect(() => {
    if (open) form.setFieldsValue(editing ? fromDefinition(editing) : EMPTY);
  }, [open, editing, form]);

  const f = (key: FormText) => t(`alarm.definition.form.${key}`);
  const thresholdLabel =
    condition === 'outside'
      ? f('thresholdLow')
      : condition === 'bit'
        ? f('bit')
        : condition === 'nodata'
          ? f('nodataSeconds')
          : f('threshold');

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const checked = toDefinitionBody(values);
    if (checked.problem) {
      form.setFields([
        { name: PROBLEM_FIELD[checked.problem], errors: [t(`alarm.definition.rules.${checked.problem}`)] },
      ]);
      return;
    }
    try {
      await save.mutateAsync(editing ? { id: editing.id, ...checked.body } : checked.body);
      notify.success(t('alarm.definition.saved'));
      onClose();
    } catch (err) {
      // The client showed the server's message; a taken name also goes under the field.
      if (err instanceof ApiError && err.status === 409) form.setFields([{ name: 'name', errors: [err.message] }]);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('alarm.definition.edit') : t('alarm.definition.add')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={EMPTY} data-testid="alarm-definition-form" requiredMark>
        <Form.Item name="name" label={f('name')} rules={textRules(t, f('name'), ALARM_LIMITS.name)}>
          <Input maxLength={ALARM_LIMITS.name} />
        </Form.Item>
        <Form.Item name="targetKind" label={f('targetKind')}>
          <Radio.Group
            options={[
              { value: 'type', label: f('byType') },
              { value: 'device', label: f('byDevice') },
            ]}
            onChange={() => form.setFieldsValue({ pointCode: '' })}
          />
        </Form.Item>
        {targetKind === 'device' ? (
          <Form.Item
            name="deviceId"
            label={f('deviceId')}
            rules={[{ required: true, message: t('alarm.definition.rules.required', { field: f('deviceId') }) }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={devices.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="deviceType"
            label={f('deviceType')}
            rules={[{ required: true, message: t('alarm.definition.rules.target') }]}
          >
            <Select
              options={DEVICE_TYPES.filter((d) => d !== 'virtual').map((d) => ({
                value: d,
                label: t(`alarm.deviceType.${d}`),
              }))}
              onChange={() => form.setFieldsValue({ pointCode: '' })}
            />
          </Form.Item>
        )}
        <Form.Item
          name="pointCode"
          label={f('pointCode')}
          rules={[{ required: true, message: t('alarm.definition.rules.required', { field: f('pointCode') }) }]}
        >
          <Select showSearch optionFilterProp="label" options={points} data-testid="alarm-definition-point" />
        </Form.Item>
        <Form.Item name="condition" label={f('condition')}>
          <Select
            virtual={false}
            options={ALARM_CONDITIONS.map((c) => ({ value: c, label: t(`alarm.condition.${c}`) }))}
          />
        </Form.Item>
        <Form.Item name="threshold" label={thresholdLabel} rules={numberRules(t, thresholdLabel, -V, V)}>
          <InputNumber
            style={{ width: '100%' }}
            addonAfter={condition === 'nodata' ? 's' : condition === 'bit' ? undefined : unit}
            data-testid="alarm-definition-threshold"
          />
        </Form.Item>
        {condition === 'outside' && (
          <Form.Item name="threshold2" label={f('threshold2')} rules={numberRules(t, f('threshold2'), -V, V)}>
            <InputNumber style={{ width: '100%' }} addonAfter={unit} data-testid="alarm-definition-threshold2" />
          </Form.Item>
        )}
        {condition !== 'nodata' && (
          <Form.Item
            name="holdSeconds"
            label={f('holdSeconds')}
            extra={f('holdHelp')}
            rules={numberRules(t, f('holdSeconds'), 0, ALARM_LIMITS.holdSeconds, { integer: true })}
          >
            <InputNumber style={{ width: '100%' }} min={0} addonAfter="s" />
          </Form.Item>
        )}
        <Form.Item
          name="deadband"
          label={f('deadband')}
          extra={f('deadbandHelp')}
          rules={numberRules(t, f('deadband'), 0, V)}
        >
          <InputNumber style={{ width: '100%' }} min={0} addonAfter={unit} data-testid="alarm-definition-deadband" />
        </Form.Item>
        <Form.Item name="level" label={f('level')}>
          <Select options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`alarm.level.l${l}`) }))} />
        </Form.Item>
        <Form.Item
          name="content"
          label={f('content')}
          extra={t('alarm.definition.form.contentHelp', { placeholders: ALARM_PLACEHOLDERS.join(' ') })}
          rules={textRules(t, f('content'), ALARM_LIMITS.content)}
        >
          <Input.TextArea rows={2} maxLength={ALARM_LIMITS.content} />
        </Form.Item>
        <Form.Item name="enabled" label={f('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
