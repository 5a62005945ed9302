import { NOTIFY_LIMITS, type NotifyConfig, type NotifyRateBody, notifyApi } from '@ess/contract';
import { Alert, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudRowsPage } from '@/components/crud';
import { notify } from '@/lib/api/notifier';

/** Per-station rate limits: messages per recipient per window (a storm becomes one digest a round). */
export function RateTab({ config }: { config: NotifyConfig }) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('notify.chain.required') }];
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('notify.rate.defaultRate', {
          max: config.defaultRate.maxPerWindow,
          window: config.defaultRate.windowMinutes,
        })}
      />
      <CrudRowsPage
        bare
        title={t('notify.rate.add')}
        testId="notify-rate"
        tableTestId="notify-rates"
        rows={config.rates}
        listEntries={[notifyApi.notifyConfig]}
        rowKey="stationId"
        rowTestKey={(r) => r.stationId}
        rowName={(r) => r.stationName}
        actionsWidth={130}
        columns={[
          { key: 'station', title: t('notify.rate.station'), dataIndex: 'stationName' },
          { key: 'max', title: t('notify.rate.max'), dataIndex: 'maxPerWindow' },
          { key: 'window', title: t('notify.rate.window'), dataIndex: 'windowMinutes' },
        ]}
        add={{ endpoint: notifyApi.notifyRateSave, label: t('notify.rate.add'), input: (v: NotifyRateBody) => v }}
        update={{ endpoint: notifyApi.notifyRateSave, input: (v) => v }}
        remove={{
          endpoint: notifyApi.notifyRateDelete,
          input: (r) => ({ stationId: r.stationId }),
          done: () => notify.success(t('notify.deleted')),
        }}
        form={{
          titles: { add: t('notify.rate.add'), edit: t('crud.edit') },
          defaults: { ...config.defaultRate },
          valuesOf: (r) => r,
          fields: (_, row) => (
            <>
              <Form.Item name="stationId" label={t('notify.rate.station')} rules={required}>
                <Select
                  showSearch
                  disabled={row !== null}
                  optionFilterProp="label"
                  options={config.stations.map((s) => ({ value: s.id, label: s.name }))}
                />
              </Form.Item>
              <Space>
                <Form.Item name="maxPerWindow" label={t('notify.rate.max')} rules={required}>
                  <InputNumber min={1} max={NOTIFY_LIMITS.maxPerWindowMax} precision={0} />
                </Form.Item>
                <Form.Item name="windowMinutes" label={t('notify.rate.window')} rules={required}>
                  <InputNumber min={1} max={NOTIFY_LIMITS.windowMinutesMax} precision={0} />
                </Form.Item>
              </Space>
            </>
          ),
        }}
      />
    </>
  );
}
