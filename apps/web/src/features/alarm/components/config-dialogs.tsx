import { ALARM_LEVELS, ALARM_LIMITS, type AlarmEffectiveRule, alarmApi, alarmThresholdProblem } from '@ess/contract';
import { Form, InputNumber, Modal, Select, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { useSaveGroupConfig, useSaveStationOverride } from '../api/alarm-definitions';
import { numberRules } from './definition-rules';

const V = ALARM_LIMITS.value;
type Values = {
  threshold: number | null;
  threshold2: number | null;
  level: 1 | 2 | 3 | 4 | null;
  enabled: boolean | null;
};

/** Threshold rules of the condition (bit index, no-data seconds, range order) under their field. */
function thresholdProblem(rule: AlarmEffectiveRule, v: Values) {
  if (v.threshold === null) return null;
  return alarmThresholdProblem(rule.condition, v.threshold, v.threshold2);
}

/** Group level: the definition's own threshold, level and enablement (read fresh, not the station's view). */
export function GroupConfigDialog({ rule, onClose }: { rule: AlarmEffectiveRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveGroupConfig();
  const def = useEndpoint(alarmApi.alarmDefinitionDetail, rule ? { id: rule.definitionId } : null);
  useEffect(() => {
    if (def.data) form.setFieldsValue(def.data);
  }, [def.data, form]);
  const submit = async () => {
    if (!rule) return;
    const v = await form.validateFields().catch(() => null);
    if (!v || v.threshold === null || v.level === null) return;
    const problem = thresholdProblem(rule, v);
    if (problem) {
      form.setFields([
        {
          name: problem.startsWith('threshold2') ? 'threshold2' : 'threshold',
          errors: [t(`alarm.definition.rules.${problem}`)],
        },
      ]);
      return;
    }
    try {
      await save.mutateAsync({
        definitionId: rule.definitionId,
        threshold: v.threshold,
        threshold2: rule.condition === 'outside' ? v.threshold2 : null,
        level: v.level,
        enabled: v.enabled ?? true,
      });
      notify.success(t('alarm.config.saved'));
      onClose();
    } catch {
      // Shown by the client.
    }
  };
  return (
    <Modal
      open={rule !== null}
      title={`${t('alarm.config.editGroup')}: ${rule?.name ?? ''}`}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      {def.isPending ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" data-testid="alarm-group-form">
          <Form.Item
            name="threshold"
            label={t('alarm.definition.form.threshold')}
            rules={numberRules(t, t('alarm.definition.form.threshold'), -V, V)}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          {rule?.condition === 'outside' && (
            <Form.Item
              name="threshold2"
              label={t('alarm.definition.form.threshold2')}
              rules={numberRules(t, t('alarm.definition.form.threshold2'), -V, V)}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          )}
          <Form.Item name="level" label={t('alarm.definition.form.level')}>
            <Select options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`alarm.level.l${l}`) }))} />
          </Form.Item>
          <Form.Item name="enabled" label={t('alarm.definition.form.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

const KEEP = 'keep';

/** Station level: each field either overridden or kept from the group (null). */
export function StationOverrideDialog({
  stationId,
  rule,
  onClose,
}: {
  stationId: number;
  rule: AlarmEffectiveRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveStationOverride();
  useEffect(() => {
    if (rule) form.setFieldsValue(rule.override ?? { threshold: null, threshold2: null, level: null, enabled: null });
  }, [rule, form]);
  const keep = t('alarm.config.keep');
  const submit = async () => {
    if (!rule) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const problem = thresholdProblem(rule, { ...v, threshold2: v.threshold2 ?? rule.threshold2 });
    if (problem) {
      form.setFields([
        {
          name: problem.startsWith('threshold2') ? 'threshold2' : 'threshold',
          errors: [t(`alarm.definition.rules.${problem}`)],
        },
      ]);
      return;
    }
    try {
      await save.mutateAsync({
        stationId,
        definitionId: rule.definitionId,
        threshold: v.threshold ?? null,
        threshold2: rule.condition === 'outside' ? (v.threshold2 ?? null) : null,
        level: v.level ?? null,
        enabled: v.enabled ?? null,
      });
      notify.success(t('alarm.config.saved'));
      onClose();
    } catch {
      // Shown by the client.
    }
  };
  const optional = (field: string) => numberRules(t, field, -V, V, { required: false });
  return (
    <Modal
      open={rule !== null}
      title={`${t('alarm.config.editStation')}: ${rule?.name ?? ''}`}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="alarm-override-form">
        <Form.Item
          name="threshold"
          label={t('alarm.definition.form.threshold')}
          rules={optional(t('alarm.definition.form.threshold'))}
        >
          <InputNumber style={{ width: '100%' }} placeholder={keep} />
        </Form.Item>
        {rule?.condition === 'outside' && (
          <Form.Item
            name="threshold2"
            label={t('alarm.definition.form.threshold2')}
            rules={optional(t('alarm.definition.form.threshold2'))}
          >
            <InputNumber style={{ width: '100%' }} placeholder={keep} />
          </Form.Item>
        )}
        <Form.Item name="level" label={t('alarm.definition.form.level')}>
          <Select
            allowClear
            placeholder={keep}
            options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`alarm.level.l${l}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="enabled"
          label={t('alarm.definition.form.enabled')}
          getValueFromEvent={(v: string) => (v === KEEP ? null : v === 'on')}
          getValueProps={(v: boolean | null) => ({ value: v === null || v === undefined ? KEEP : v ? 'on' : 'off' })}
        >
          <Select
            options={[
              { value: KEEP, label: keep },
              { value: 'on', label: t('alarm.config.on') },
              { value: 'off', label: t('alarm.config.off') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
