import { type NotifyConfig, type NotifyQuietBody, notifyApi } from '@ess/contract';
import { Alert, Form, Select, Space, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudRowsPage } from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { browserTimeZone, knownTimeZones } from '@/lib/format/zone';

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const toTime = (minute: number) => dayjs().startOf('day').add(minute, 'minute');
const toMinute = (d: Dayjs) => d.hour() * 60 + d.minute();
/** Every zone the browser knows, the reader's own first. */
const ZONES = (() => {
  const own = browserTimeZone();
  return [own, ...knownTimeZones().filter((z) => z !== own)];
})();

type Values = { userId: number; start: Dayjs; end: Dayjs; timezone: string; allowCritical: boolean; enabled: boolean };

const toBody = ({ start, end, ...v }: Values): NotifyQuietBody => ({
  ...v,
  startMinute: toMinute(start),
  endMinute: toMinute(end),
});

/** Per-user quiet hours: no e-mail or SMS in the window (critical alarms optionally excepted). */
export function QuietTab({ config }: { config: NotifyConfig }) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('notify.chain.required') }];
  return (
    <>
      <Alert type="info" showIcon title={t('notify.quiet.hint')} style={{ marginBottom: 12 }} />
      <CrudRowsPage
        bare
        title={t('notify.quiet.add')}
        testId="notify-quiet"
        tableTestId="notify-quiet"
        rows={config.quietHours}
        listEntries={[notifyApi.notifyConfig]}
        rowKey="userId"
        rowTestKey={(q) => q.userId}
        rowName={(q) => q.userName}
        actionsWidth={130}
        columns={[
          { key: 'user', title: t('notify.quiet.user'), dataIndex: 'userName' },
          {
            key: 'window',
            title: t('notify.quiet.window'),
            render: (_, q) => `${hhmm(q.startMinute)} – ${hhmm(q.endMinute)}`,
          },
          { key: 'tz', title: t('notify.quiet.timezone'), dataIndex: 'timezone' },
          {
            key: 'critical',
            title: t('notify.quiet.allowCritical'),
            render: (_, q) => <Switch size="small" checked={q.allowCritical} disabled />,
          },
          {
            key: 'enabled',
            title: t('notify.quiet.enabled'),
            render: (_, q) => <Switch size="small" checked={q.enabled} disabled />,
          },
        ]}
        add={{ endpoint: notifyApi.notifyQuietSave, label: t('notify.quiet.add'), input: toBody }}
        update={{ endpoint: notifyApi.notifyQuietSave, input: toBody }}
        remove={{
          endpoint: notifyApi.notifyQuietDelete,
          input: (q) => ({ userId: q.userId }),
          done: () => notify.success(t('notify.deleted')),
        }}
        form={{
          titles: { add: t('notify.quiet.add'), edit: t('crud.edit') },
          defaults: {
            start: toTime(22 * 60),
            end: toTime(7 * 60),
            timezone: ZONES[0],
            allowCritical: true,
            enabled: true,
          },
          valuesOf: (q) => ({ ...q, start: toTime(q.startMinute), end: toTime(q.endMinute) }),
          fields: (_, row) => (
            <>
              <Form.Item name="userId" label={t('notify.quiet.user')} rules={required}>
                <Select
                  showSearch
                  disabled={row !== null}
                  optionFilterProp="label"
                  options={config.users.map((u) => ({ value: u.id, label: u.name }))}
                />
              </Form.Item>
              <Space>
                <Form.Item name="start" label={t('notify.quiet.start')} rules={required}>
                  <TimePicker format="HH:mm" allowClear={false} />
                </Form.Item>
                <Form.Item name="end" label={t('notify.quiet.end')} rules={required}>
                  <TimePicker format="HH:mm" allowClear={false} />
                </Form.Item>
              </Space>
              <Form.Item name="timezone" label={t('notify.quiet.timezone')} rules={required}>
                <Select showSearch options={ZONES.map((z) => ({ value: z, label: z }))} />
              </Form.Item>
              <Space size="large">
                <Form.Item name="allowCritical" label={t('notify.quiet.allowCritical')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item name="enabled" label={t('notify.quiet.enabled')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Space>
            </>
          ),
        }}
      />
    </>
  );
}
