import {
  NOTIFY_CHANNELS,
  NOTIFY_STATUSES,
  type NotifyChannel,
  type NotifyLogRow,
  type NotifyStatus,
} from '@ess/contract';
import { Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { useNotifyLog } from '../api/notify';

const PAGE_SIZE = 20;
const ALL = 'all';
const STATUS_COLOR: Record<NotifyStatus, string> = { sent: 'success', suppressed: 'default', failed: 'error' };

/** Every notification sent, suppressed or failed, newest first, with its reason. */
export function LogTab() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<NotifyStatus | undefined>();
  const [channel, setChannel] = useState<NotifyChannel | undefined>();
  const { data, isFetching } = useNotifyLog({
    pageNum: page,
    pageSize: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(channel ? { channel } : {}),
  });
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
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select<NotifyStatus | typeof ALL>
          style={{ width: 160 }}
          value={status ?? ALL}
          data-testid="notify-log-status"
          onChange={(v) => {
            setStatus(v === ALL ? undefined : v);
            setPage(1);
          }}
          options={[
            { value: ALL, label: t('notify.log.allStatuses') },
            ...NOTIFY_STATUSES.map((s) => ({ value: s, label: t(`notify.status.${s}`) })),
          ]}
        />
        <Select<NotifyChannel | typeof ALL>
          style={{ width: 160 }}
          value={channel ?? ALL}
          onChange={(v) => {
            setChannel(v === ALL ? undefined : v);
            setPage(1);
          }}
          options={[
            { value: ALL, label: t('notify.log.allChannels') },
            ...NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`notify.channel.${c}`) })),
          ]}
        />
      </Space>
      <Table<NotifyLogRow>
        rowKey="id"
        size="small"
        loading={isFetching && !data}
        columns={columns}
        dataSource={data?.rows ?? []}
        scroll={{ x: 1300 }}
        data-testid="notify-log"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('notify.log.total', { count }),
          onChange: setPage,
        }}
      />
    </>
  );
}
