import { DATA_AGE_LIMIT_MS, POINT_KINDS, type PointInfo, type PointKind } from '@ess/contract';
import { Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitValue } from '@/components/limit-value/limit-value';
import { useFormat } from '@/lib/format/use-format';
import { useNow } from '@/lib/hooks/use-now';
import { useStationTime } from '@/lib/station/station-time';
import type { DeviceValues } from './device-values';
import styles from './device-widgets.module.css';
import { usePointFormat } from './point-format';
import { PointReading } from './point-reading';

const KIND_COLORS: Record<PointKind, string> = {
  telemetry: 'blue',
  status: 'purple',
  control: 'magenta',
  setpoint: 'cyan',
};

type Row = PointInfo & { valueText: string; ts: number | null };

type Props = { points: readonly PointInfo[]; values: DeviceValues; loading?: boolean };

/** Every point of a device with its live value, state label and age; searchable, filterable by kind. */
export function PointTable({ points, values, loading = false }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const clock = useStationTime();
  const format = usePointFormat();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<PointKind | 'all'>('all');
  // Ages on screen grow between updates, and turn stale while no value comes.
  const now = useNow(5_000);

  const rows = useMemo<Row[]>(() => {
    const q = search.trim().toLowerCase();
    return points
      .filter((p) => kind === 'all' || p.kind === kind)
      .filter((p) => !q || p.name.toLowerCase().includes(q) || p.code.toLowerCase().includes(q))
      .map((p) => ({
        ...p,
        valueText: format(p, values[p.code]),
        ts: values[p.code]?.ts ?? null,
      }));
  }, [points, values, search, kind, format]);

  const columns: TableColumnsType<Row> = [
    {
      title: t('deviceWidgets.column.name'),
      dataIndex: 'name',
      render: (_, r) => (
        <span>
          {r.name}
          <div className={styles.historyNote}>{r.code}</div>
        </span>
      ),
    },
    {
      title: t('deviceWidgets.column.value'),
      dataIndex: 'valueText',
      align: 'right',
      render: (v: string, r) =>
        r.states && r.ts !== null ? (
          <Tag color={KIND_COLORS[r.kind]} data-testid={`point-value-${r.code}`}>
            {v}
          </Tag>
        ) : (
          <span className={styles.numeric}>
            <PointReading point={r} value={values[r.code]} data-testid={`point-value-${r.code}`} />
          </span>
        ),
    },
    {
      title: t('deviceWidgets.column.kind'),
      dataIndex: 'kind',
      width: 110,
      responsive: ['md'],
      render: (k: PointKind) => <Tag color={KIND_COLORS[k]}>{t(`deviceWidgets.kind.${k}`)}</Tag>,
    },
    {
      title: t('deviceWidgets.column.updated'),
      dataIndex: 'ts',
      width: 140,
      render: (ts: number | null, r) =>
        ts === null ? (
          '-'
        ) : (
          <span className={styles.numeric}>
            <LimitValue
              value={now - ts}
              limit={DATA_AGE_LIMIT_MS}
              formatBound={(b) => fmt.value(b / 1000, 's', 0)}
              hint={clock.withZone(clock.dateTime(ts))}
              data-testid={`point-age-${r.code}`}
            >
              {fmt.ago(ts, now)}
            </LimitValue>
          </span>
        ),
    },
  ];

  return (
    <div data-testid="point-table">
      <div className={styles.pointsBar}>
        <Input.Search
          allowClear
          placeholder={t('deviceWidgets.drawer.searchPoint')}
          aria-label={t('deviceWidgets.drawer.searchPoint')}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 260 }}
        />
        <Select<PointKind | 'all'>
          value={kind}
          onChange={setKind}
          style={{ width: 150 }}
          options={[
            { value: 'all', label: t('deviceWidgets.drawer.allKinds') },
            ...POINT_KINDS.filter((k) => points.some((p) => p.kind === k)).map((k) => ({
              value: k,
              label: t(`deviceWidgets.kind.${k}`),
            })),
          ]}
        />
      </div>
      <Table<Row>
        rowKey="code"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        sticky
        locale={{ emptyText: t('deviceWidgets.drawer.noPoints') }}
      />
    </div>
  );
}
