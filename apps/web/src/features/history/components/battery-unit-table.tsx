import {
  CELL_LIMITS,
  CELL_SPREAD_LIMITS,
  DATA_AGE_LIMIT_MS,
  type DeviceStatus,
  type LiveValues,
  type ValueLimit,
} from '@ess/contract';
import { Badge, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitValue } from '@/components/limit-value/limit-value';
import { useFormat } from '@/lib/format/use-format';
import { useNow } from '@/lib/hooks/use-now';
import styles from './history.module.css';

export type BatteryUnit = { id: number; name: string; type: 'bms' | 'cabinet'; status: DeviceStatus };

type Row = BatteryUnit & {
  soc: number | null;
  soh: number | null;
  vmax: number | null;
  vmaxNo: number | null;
  vmin: number | null;
  vminNo: number | null;
  tmax: number | null;
  tmaxNo: number | null;
  tmin: number | null;
  tminNo: number | null;
  dv: number | null;
  dt: number | null;
  ts: number | null;
};

const pick = (v: LiveValues | undefined, code: string) => v?.[code]?.value ?? null;
const diff = (a: number | null, b: number | null, f = 1) =>
  a === null || b === null ? null : Math.round((a - b) * f * 10) / 10;
const byNum = (k: 'dv' | 'dt') => (a: Row, b: Row) => (a[k] ?? -1) - (b[k] ?? -1);

/**
 * A row per cluster or cabinet from the live socket: SOC, SOH, extreme cells and their numbers,
 * spreads; a value past its limit (the device model's, or the spread and data-age limits) is
 * marked, so a weak cell shows before any alarm.
 */
export function BatteryUnitTable({
  units,
  live,
  status,
  selected,
  onSelect,
}: {
  units: readonly BatteryUnit[];
  live: Record<number, LiveValues>;
  status: Record<number, DeviceStatus>;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const now = useNow(5_000);
  const rows = useMemo<Row[]>(
    () =>
      units.map((u) => {
        const v = live[u.id];
        const vmax = pick(v, 'cellVmax');
        const vmin = pick(v, 'cellVmin');
        const tmax = pick(v, 'cellTmax');
        const tmin = pick(v, 'cellTmin');
        const ts = Math.max(0, ...Object.values(v ?? {}).map((x) => x.ts)) || null;
        return {
          ...u,
          status: status[u.id] ?? u.status,
          soc: pick(v, 'soc'),
          soh: pick(v, 'soh'),
          vmax,
          vmaxNo: pick(v, 'cellVmaxNo'),
          vmin,
          vminNo: pick(v, 'cellVminNo'),
          tmax,
          tmaxNo: pick(v, 'cellTmaxNo'),
          tmin,
          tminNo: pick(v, 'cellTminNo'),
          dv: diff(vmax, vmin, 1000),
          dt: diff(tmax, tmin),
          ts,
        };
      }),
    [units, live, status],
  );
  const limited = (id: string, v: number | null, limit: ValueLimit, unit: string, precision: number) => (
    <LimitValue
      value={v}
      limit={limit}
      formatBound={(b) => fmt.value(b, unit, precision)}
      data-testid={`battery-${id}`}
    >
      {fmt.value(v, unit, precision)}
    </LimitValue>
  );
  const cell = (
    id: string,
    v: number | null,
    no: number | null,
    limit: ValueLimit,
    unit: string,
    precision: number,
  ) => (
    <span className={styles.num}>
      {limited(id, v, limit, unit, precision)}
      {no === null ? null : <span className={styles.code}> {t('history.battery.cell', { no })}</span>}
    </span>
  );
  return (
    <Table<Row>
      size="small"
      rowKey="id"
      data-testid="battery-units"
      pagination={false}
      scroll={{ x: 1000, y: 320 }}
      dataSource={rows}
      rowSelection={{
        type: 'radio',
        selectedRowKeys: selected === null ? [] : [selected],
        onChange: (keys) => onSelect(Number(keys[0])),
      }}
      onRow={(r) => ({ onClick: () => onSelect(r.id), style: { cursor: 'pointer' } })}
      columns={[
        {
          key: 'name',
          title: t('history.battery.unit'),
          fixed: 'left',
          width: 150,
          render: (_, r) => (
            <LimitValue
              value={r.ts === null ? null : now - r.ts}
              limit={DATA_AGE_LIMIT_MS}
              formatBound={(b) => fmt.value(b / 1000, 's', 0)}
              hint={r.ts === null ? undefined : fmt.ago(r.ts, now)}
              data-testid={`battery-${r.id}-age`}
            >
              <Badge className="ess-ident" status={r.status === 'online' ? 'success' : 'default'} text={r.name} />
            </LimitValue>
          ),
        },
        {
          key: 'soc',
          title: t('history.battery.soc'),
          width: 80,
          align: 'right',
          render: (_, r) => <span className={styles.num}>{fmt.value(r.soc, '%', 1)}</span>,
        },
        {
          key: 'soh',
          title: t('history.battery.soh'),
          width: 80,
          align: 'right',
          render: (_, r) => (
            <span className={styles.num}>{limited(`${r.id}-soh`, r.soh, CELL_LIMITS.soh, '%', 1)}</span>
          ),
        },
        {
          key: 'vmax',
          title: t('history.battery.vmax'),
          width: 140,
          align: 'right',
          render: (_, r) => cell(`${r.id}-vmax`, r.vmax, r.vmaxNo, CELL_LIMITS.cellVmax, 'V', 3),
        },
        {
          key: 'vmin',
          title: t('history.battery.vmin'),
          width: 140,
          align: 'right',
          render: (_, r) => cell(`${r.id}-vmin`, r.vmin, r.vminNo, CELL_LIMITS.cellVmin, 'V', 3),
        },
        {
          key: 'dv',
          title: t('history.battery.dv'),
          width: 100,
          align: 'right',
          sorter: byNum('dv'),
          render: (_, r) => (
            <span className={styles.num}>{limited(`${r.id}-dv`, r.dv, CELL_SPREAD_LIMITS.voltageMv, 'mV', 1)}</span>
          ),
        },
        {
          key: 'tmax',
          title: t('history.battery.tmax'),
          width: 130,
          align: 'right',
          render: (_, r) => cell(`${r.id}-tmax`, r.tmax, r.tmaxNo, CELL_LIMITS.cellTmax, '°C', 1),
        },
        {
          key: 'tmin',
          title: t('history.battery.tmin'),
          width: 130,
          align: 'right',
          render: (_, r) => cell(`${r.id}-tmin`, r.tmin, r.tminNo, CELL_LIMITS.cellTmin, '°C', 1),
        },
        {
          key: 'dt',
          title: t('history.battery.dt'),
          width: 100,
          align: 'right',
          sorter: byNum('dt'),
          render: (_, r) => (
            <span className={styles.num}>{limited(`${r.id}-dt`, r.dt, CELL_SPREAD_LIMITS.temperatureC, '°C', 1)}</span>
          ),
        },
      ]}
    />
  );
}
