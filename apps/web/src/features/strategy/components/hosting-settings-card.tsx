import { type HostingSettings, hostingApi } from '@ess/contract';
import { Button, Card, Flex, Form, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';

const QUARTERS = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);
type Values = Pick<HostingSettings, 'enabled' | 'deadline' | 'alarmLevel'>;

/** A station's hosting switch, approval deadline and the alarm level that returns it to its rule. */
export function HostingSettingsCard({ settings }: { settings: HostingSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useEndpointMutation(hostingApi.hostingSettingsSave, {
    invalidate: [hostingApi.hostingSettings, hostingApi.hostingPage],
  });
  useEffect(() => form.setFieldsValue(settings), [form, settings]);
  const submit = async () => {
    const v = await form.validateFields();
    await save
      .mutateAsync({ stationId: settings.stationId, ...v })
      .then(() => notify.success(t('messages.operationSucceeded')))
      .catch(() => undefined);
  };
  return (
    <Card size="small" title={t('strategy.hosting.settings')} data-testid="hosting-settings">
      <Form<Values> form={form} layout="inline" initialValues={settings}>
        <Form.Item name="enabled" label={t('strategy.hosting.enabled')} valuePropName="checked">
          <Switch data-testid="hosting-enabled" />
        </Form.Item>
        <Form.Item name="deadline" label={t('strategy.hosting.deadline')} tooltip={t('strategy.hosting.deadlineHint')}>
          <Select showSearch style={{ width: 100 }} options={QUARTERS.map((q) => ({ value: q, label: q }))} />
        </Form.Item>
        <Form.Item
          name="alarmLevel"
          label={t('strategy.hosting.alarmLevel')}
          tooltip={t('strategy.hosting.alarmLevelHint')}
        >
          <Select
            style={{ width: 140 }}
            options={[1, 2, 3, 4].map((l) => ({ value: l, label: t(`strategy.hosting.level.${l as 1 | 2 | 3 | 4}`) }))}
          />
        </Form.Item>
        <Permission endpoint={hostingApi.hostingSettingsSave}>
          <Button
            type="primary"
            onClick={() => void submit()}
            loading={save.isPending}
            data-testid="hosting-settings-save"
          >
            {t('strategy.hosting.save')}
          </Button>
        </Permission>
      </Form>
      {settings.updatedBy && (
        <Flex style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">
            {t('strategy.hosting.updatedBy', { user: settings.updatedBy })}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
