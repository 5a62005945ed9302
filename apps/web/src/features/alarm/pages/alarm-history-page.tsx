import type { AlarmHistoryPageBody, AlarmListRow } from '@ess/contract';
import { Button, Card, Empty, Result, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StationZone } from '@/components/station-zone/station-zone';
import { linkedAlarm, withoutAlarmLink } from '@/lib/menu/cross-links';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { useAlarmHistory } from '../api/alarm-events';
import { alarmColumns } from '../components/alarm-columns';
import { AlarmDetailDrawer } from '../components/alarm-detail-drawer';
import { ExportAlarms } from '../components/export-alarms';
import { defaultHistoryFilter, type HistoryFilter, HistoryFilters } from '../components/history-filters';
import { ToOrderButton } from '../components/to-order-button';

const PAGE_SIZE = 20;

/**
 * Alarm history (/alarm/history): alarms of the current station raised in a range of station
 * days, filtered by device type, level, recovery and confirmation, with who confirmed and when
 * and the work order; export with the same filters. `?alarm=<id>` (a work order's link to its
 * alarm) opens that alarm's detail.
 */
export function AlarmHistoryPage({ renderer }: { renderer?: 'canvas' | 'svg' }) {
  const { t } = useTranslation();
  const clock = useStationTime();
  const { stationId } = useCurrentStation();
  const [filter, setFilter] = useState<HistoryFilter>(() => defaultHistoryFilter(clock, Date.now()));
  const [filterKey, setFilterKey] = useState(0);
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const [picked, setPicked] = useState<number | null>(null);
  const detail = picked ?? linkedAlarm(params);
  const closeDetail = () => {
    setPicked(null);
    if (linkedAlarm(params) !== null) setParams(withoutAlarmLink(params), { replace: true });
  };
  const query: AlarmHistoryPageBody | null =
    stationId === null ? null : { stationId, ...filter, pageNum: page, pageSize: PAGE_SIZE };
  const { data, isPending, isError } = useAlarmHistory(query);

  const apply = (f: HistoryFilter) => {
    setFilter(f);
    setPage(1);
  };
  const actions: ColumnsType<AlarmListRow>[number] = {
    key: 'actions',
    title: t('alarm.col.actions'),
    width: 130,
    fixed: 'right',
    render: (_, e) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => setPicked(e.id)}>
          {t('alarm.realtime.detail')}
        </Button>
        <ToOrderButton event={e} />
      </Space>
    ),
  };

  if (stationId === null) return <Empty description={t('alarm.noStation')} />;
  return (
    <Card
      title={
        <Space>
          {t('alarm.history.title')}
          <StationZone />
        </Space>
      }
      extra={<ExportAlarms query={{ stationId, ...filter }} />}
    >
      <HistoryFilters
        key={filterKey}
        value={filter}
        clock={clock}
        onApply={apply}
        onReset={() => {
          apply(defaultHistoryFilter(clock, Date.now()));
          setFilterKey((k) => k + 1);
        }}
      />
      {isError && !data ? (
        <Result status="warning" title={t('alarm.loadFailed')} />
      ) : (
        <Table<AlarmListRow>
          rowKey="id"
          size="small"
          data-testid="alarm-history"
          columns={[...alarmColumns(t, clock, { history: true }), actions]}
          dataSource={data?.rows ?? []}
          loading={isPending}
          scroll={{ x: 1280 }}
          onRow={(e) => ({ 'data-testid': `alarm-history-row-${e.id}` }) as HTMLAttributes<HTMLElement>}
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
      )}
      <AlarmDetailDrawer id={detail} onClose={closeDetail} renderer={renderer} />
    </Card>
  );
}
