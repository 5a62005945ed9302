import { type AlarmListRow, alarmApi } from '@ess/contract';
import { Button, Card, Empty, Result, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { StationZone } from '@/components/station-zone/station-zone';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { useRealtimeAlarms } from '../api/alarm-events';
import { alarmColumns } from '../components/alarm-columns';
import { AlarmDetailDrawer } from '../components/alarm-detail-drawer';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ToOrderButton } from '../components/to-order-button';

const PAGE_SIZE = 20;

/**
 * Real-time alarms (/alarm/realtime): the current station's active or unconfirmed alarms,
 * newest first, paged on the server; refetched when the bell's socket reports a change and
 * every 60 s. Confirm one or the selected ones with a remark; a row opens its detail, its work
 * order, or the new-order form for it.
 */
export function RealtimeAlarmPage({ renderer }: { renderer?: 'canvas' | 'svg' }) {
  const { t } = useTranslation();
  const clock = useStationTime();
  const { stationId } = useCurrentStation();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const { data, isPending, isError } = useRealtimeAlarms(stationId, page, PAGE_SIZE);

  const actions: ColumnsType<AlarmListRow>[number] = {
    key: 'actions',
    title: t('alarm.col.actions'),
    width: 170,
    fixed: 'right',
    render: (_, e) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => setDetail(e.id)} data-testid={`alarm-detail-${e.id}`}>
          {t('alarm.realtime.detail')}
        </Button>
        {!e.confirmed && (
          <Permission endpoint={alarmApi.alarmConfirm}>
            <Button
              type="link"
              size="small"
              onClick={() => setConfirming([e.id])}
              data-testid={`alarm-confirm-${e.id}`}
            >
              {t('alarm.realtime.confirm')}
            </Button>
          </Permission>
        )}
        <ToOrderButton event={e} />
      </Space>
    ),
  };
  const columns = [...alarmColumns(t, clock, { history: false }), actions];

  if (stationId === null) return <Empty description={t('alarm.noStation')} />;
  if (isError && !data) return <Result status="warning" title={t('alarm.loadFailed')} />;
  return (
    <Card
      title={
        <Space>
          {t('alarm.realtime.title')}
          <StationZone />
        </Space>
      }
      extra={
        <Permission endpoint={alarmApi.alarmConfirm}>
          <Button
            type="primary"
            disabled={selected.length === 0}
            onClick={() => setConfirming(selected)}
            data-testid="alarm-batch-confirm"
          >
            {t('alarm.realtime.batchConfirm', { count: selected.length })}
          </Button>
        </Permission>
      }
    >
      <Table<AlarmListRow>
        rowKey="id"
        size="small"
        data-testid="realtime-alarms"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isPending}
        scroll={{ x: 1280 }}
        locale={{ emptyText: <Empty description={t('alarm.realtime.empty')} /> }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (e) => ({ disabled: e.confirmed }),
        }}
        onRow={(e) => ({ 'data-testid': `alarm-row-${e.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => (
            <Typography.Text type="secondary">{t('alarm.total', { count: total })}</Typography.Text>
          ),
        }}
      />
      <ConfirmDialog
        ids={confirming}
        onClose={(done) => {
          setConfirming(null);
          if (done) setSelected([]);
        }}
      />
      <AlarmDetailDrawer id={detail} onClose={() => setDetail(null)} renderer={renderer} />
    </Card>
  );
}
