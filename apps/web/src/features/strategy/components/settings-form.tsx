import { requestMessages, STRATEGY_PERMS, type StrategySettings } from '@ess/contract';
import { Alert, Button, Col, Form, InputNumber, Row, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { serverText } from '@/lib/i18n/server-text';
import { usePermission } from '@/lib/session/permission';
import { useSaveStrategySettings } from '../api/strategy-calls';
import { checkSettings, type SettingsFormValues, toFormValues } from './settings-model';

/** Every strategy read that depends on the settings: saving refreshes them. */

// No min/max on the inputs: the contract's schema judges the values and says what is wrong.
const pctField = { step: 1, style: { width: '100%' } } as const;

/** The text of a contract field's problem. */
const PROBLEM_KEYS = {
  demandLimitKw: 'strategy.settings.invalid.demandLimitKw',
  socMin: 'strategy.settings.invalid.socMin',
  socMax: 'strategy.settings.invalid.socMax',
  socEndTarget: 'strategy.settings.invalid.socEndTarget',
  degradationCostPerKwh: 'strategy.settings.invalid.degradationCostPerKwh',
  etaCharge: 'strategy.settings.invalid.etaCharge',
  etaDischarge: 'strategy.settings.invalid.etaDischarge',
} as const;

/**
 * A station's peak shaving / valley filling settings. Checked with the contract's schema before
 * saving (the server applies the same); read-only without the edit button's permission.
 */
export function SettingsForm({ settings }: { settings: StrategySettings }) {
  const { t } = useTranslation();
  const can = usePermission();
  const editable = can([STRATEGY_PERMS.settingsEdit]);
  const [form] = Form.useForm<SettingsFormValues>();
  const save = useSaveStrategySettings();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(settings));
  }, [form, settings]);

  const problemText = (field: string) =>
    field in PROBLEM_KEYS ? t(PROBLEM_KEYS[field as keyof typeof PROBLEM_KEYS]) : t('strategy.settings.invalid.socMax');

  const submit = async () => {
    const values = form.getFieldsValue(true) as SettingsFormValues;
    const checked = checkSettings(settings.stationId, values);
    // Clear what an earlier attempt marked, then mark what this one finds.
    form.setFields(
      (Object.keys(values) as (keyof SettingsFormValues)[]).map((name) => ({ name, errors: [] as string[] })),
    );
    if (!checked.ok) {
      form.setFields(
        checked.problems.map((p) => {
          const value = values[p.field];
          const empty = p.field !== 'demandLimitKw' && (value === null || value === undefined);
          return {
            name: p.field,
            errors: [empty ? t('strategy.settings.invalid.required') : problemText(p.contractField)],
          };
        }),
      );
      return;
    }
    setSaving(true);
    try {
      await save.mutateAsync(checked.body);
      notify.success(serverText(requestMessages.ok));
    } catch {
      // The client has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<SettingsFormValues>
      form={form}
      layout="vertical"
      name="strategy-settings"
      disabled={!editable}
      onFinish={submit}
      data-testid="strategy-settings-form"
    >
      <Typography.Paragraph type="secondary">
        {t('strategy.settings.station', { power: settings.ratedPowerKw, capacity: settings.capacityKwh })}
      </Typography.Paragraph>
      {!settings.saved && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('strategy.settings.defaults')} />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="demandLimitKw"
            label={t('strategy.settings.demandLimit')}
            extra={t('strategy.settings.demandLimitHint')}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="antiBackflow"
            label={t('strategy.settings.antiBackflow')}
            valuePropName="checked"
            extra={t('strategy.settings.antiBackflowHint')}
          >
            <Switch aria-label={t('strategy.settings.antiBackflow')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="socMin" label={t('strategy.settings.socMin')}>
            <InputNumber {...pctField} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="socMax" label={t('strategy.settings.socMax')}>
            <InputNumber {...pctField} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="socEndTarget" label={t('strategy.settings.socEndTarget')}>
            <InputNumber {...pctField} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="degradationCostPerKwh" label={t('strategy.settings.degradationCost')}>
            <InputNumber step={0.01} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="etaChargePct" label={t('strategy.settings.etaCharge')}>
            <InputNumber {...pctField} step={0.5} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="etaDischargePct" label={t('strategy.settings.etaDischarge')}>
            <InputNumber {...pctField} step={0.5} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="enabled" label={t('strategy.settings.enabled')} valuePropName="checked">
            <Switch aria-label={t('strategy.settings.enabled')} />
          </Form.Item>
        </Col>
      </Row>
      <Permission perms={[STRATEGY_PERMS.settingsEdit]}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="strategy-settings-save">
          {t('strategy.settings.save')}
        </Button>
      </Permission>
    </Form>
  );
}
