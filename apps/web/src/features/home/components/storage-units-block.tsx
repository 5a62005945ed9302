import type { StorageUnits } from '@ess/contract';
import { Badge, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import type { StationLive } from '@/lib/live/use-station-live';
import { useStorageUnits } from '@/lib/station/storage-units';
import { liveOr } from '../hooks/live-values';
import { useStateLabel } from '../hooks/use-state-label';
import { BlockCard } from './block-card';
import styles from './home-blocks.module.css';
import { runStateColor } from './run-state';

type Unit = StorageUnits['units'][number];
type Row = Unit & { online: boolean; stateText: string | null };

/** Storage units (PCS of a container plant, or integrated cabinets) with live power, SOC and run state. */
export function StorageUnitsBlock({ stationId, live }: { stationId: number; live: StationLive }) {
  const { t } = useTranslation();
  const f = useFormat();
  const label = useStateLabel();
  const { data, isPending, isError, refetch } = useStorageUnits(stationId);
  const rows: Row[] = (data?.units ?? []).map((u) => {
    const values = live.devices[u.deviceId];
    const runState = liveOr(values, 'runState', u.runState, u.ts);
    return {
      ...u,
      powerKw: liveOr(values, 'p', u.powerKw, u.ts),
      // A PCS's SOC is the mean of its clusters (API); a cabinet reports its own.
      soc: u.type === 'cabinet' ? liveOr(values, 'soc', u.soc, u.ts) : u.soc,
      runState,
      stateText: label(u.type, 'runState', runState) ?? u.runStateText,
      online: (live.deviceStatus[u.deviceId] ?? u.status) === 'online',
    };
  });
  const kind = rows[0]?.type === 'cabinet' ? 'cabinet' : 'pcs';
  const columns: ColumnsType<Row> = [
    {
      title: t('siteHome.units.name'),
      dataIndex: 'name',
      render: (_, r) => (
        <span title={r.sn} className="ess-ident">
          <Badge status={r.online ? 'success' : 'default'} /> {r.name}
        </span>
      ),
    },
    {
      title: t('siteHome.units.runState'),
      dataIndex: 'runState',
      width: 96,
      render: (_, r) =>
        r.online && r.stateText ? (
          <Tag color={runStateColor(r.runState)}>{r.stateText}</Tag>
        ) : (
          <Tag>{t('siteHome.status.offline')}</Tag>
        ),
    },
    {
      title: t('siteHome.units.power'),
      dataIndex: 'powerKw',
      className: styles.num,
      render: (v: number | null) => f.energy(v, 'kW'),
    },
    {
      title: t('siteHome.units.soc'),
      dataIndex: 'soc',
      width: 120,
      render: (v: number | null) => (
        <div className={styles.socCell}>
          <div className={styles.socTrack}>
            <div className={styles.socFill} style={{ width: `${Math.max(0, Math.min(100, v ?? 0))}%` }} />
          </div>
          <span>{v === null ? '-' : `${f.number(v)}%`}</span>
        </div>
      ),
    },
    {
      title: t('siteHome.units.todayCharge'),
      dataIndex: 'todayChargeKwh',
      className: styles.num,
      responsive: ['lg'],
      render: (v: number | null) => f.energy(v),
    },
    {
      title: t('siteHome.units.todayDischarge'),
      dataIndex: 'todayDischargeKwh',
      className: styles.num,
      responsive: ['lg'],
      render: (v: number | null) => f.energy(v),
    },
  ];
  return (
    <BlockCard
      title={t('siteHome.block.storageUnits')}
      extra={rows.length > 0 ? <span className={styles.muted}>{t(`siteHome.units.${kind}`)}</span> : null}
      loading={isPending}
      failed={isError}
      onRetry={() => void refetch()}
      empty={data && rows.length === 0 ? t('siteHome.units.empty') : undefined}
      testId="home-storage-units"
    >
      <Table<Row>
        className={styles.table}
        size="small"
        rowKey="deviceId"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={rows.length > 6 ? { y: 262 } : undefined}
      />
    </BlockCard>
  );
}
