import { NOTIFY_CHANNELS, NOTIFY_STATUSES, type NotifyLogRow, type NotifyStatus, notifyApi } from '@ess/contract';
import { Form, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';

const STATUS_COLOR: Record<NotifyStatus, string> = { sent: 'success', suppressed: 'default', failed: 'error' };

/** Every notification sent, suppressed or failed, newest first, with its reason (read-only). */
export function LogTab() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const columns: ColumnsType<NotifyLogRow> = [
    {
      key: 'at',
      title: clock.withZone(t('notify.log.time')),
      width: 160,
      // The log is the platform's, not one station's: the user's clock.
      render: (_, r) => instantText(clock, r.at),
    },
    { key: 'station', title: t('notify.log.station'), width: 140, render: (_, r) => r.stationName ?? '-' },
    { key: 'user', title: t('notify.log.user'), width: 110, render: (_, r) => r.userName ?? '-' },
    { key: 'channel', title: t('notify.log.channel'), width: 90, render: (_, r) => t(`notify.channel.${r.channel}`) },
    { key: 'address', title: t('notify.log.address'), width: 160, ellipsis: true, render: (_, r) => r.address ?? '-' },
    {
      key: 'status',
      title: t('notify.log.status'),
      width: 90,
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`notify.status.${r.status}`)}</Tag>,
    },
    { key: 'reason', title: t('notify.log.reason'), width: 120, render: (_, r) => t(`notify.reason.${r.reason}`) },
    { key: 'step', title: t('notify.log.step'), width: 60, render: (_, r) => r.step ?? '-' },
    { key: 'events', title: t('notify.log.events'), width: 70, render: (_, r) => r.eventIds.length },
    { key: 'subject', title: t('notify.log.subject'), ellipsis: true, dataIndex: 'subject' },
    { key: 'detail', title: t('notify.log.detail'), width: 160, ellipsis: true, render: (_, r) => r.detail ?? '' },
  ];
  return (
    <CrudPage
      title={t('notify.tabs.log')}
      testId="notify-log"
      tableTestId="notify-log"
      bare
      list={notifyApi.notifyLogPage}
      pageSize={20}
      rowTestKey={(r) => r.id}
      rowName={(r) => r.subject}
      columns={columns}
      table={{ scroll: { x: 1300 } }}
      filters={
        <>
          <Form.Item name="status">
            <Select
              allowClear
              placeholder={t('notify.log.allStatuses')}
              style={{ width: 160 }}
              data-testid="notify-log-status"
              options={NOTIFY_STATUSES.map((s) => ({ value: s, label: t(`notify.status.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="channel">
            <Select
              allowClear
              placeholder={t('notify.log.allChannels')}
              style={{ width: 160 }}
              data-testid="notify-log-channel"
              options={NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`notify.channel.${c}`) }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
