import { CloseOutlined } from '@ant-design/icons';
import type { LiveValues } from '@ess/contract';
import { Button, Table, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import styles from './history.module.css';
import type { ChartLine } from './history-chart-option';

export type IndicatorRow = ChartLine & { deviceId: number; code: string; deviceName: string; pointName: string };

type Stats = { min: number | null; mean: number | null; max: number | null };

/** Min (of bucket minima where there is a band), mean of the values and max over what is loaded. */
export function statsOf(l: Pick<ChartLine, 'data' | 'band'>): Stats {
  if (l.data.length === 0) return { min: null, mean: null, max: null };
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const [, v] of l.data) {
    sum += v;
    if (!l.band) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  }
  for (const [, lo, hi] of l.band ?? []) {
    min = Math.min(min, lo);
    max = Math.max(max, hi);
  }
  return { min, mean: sum / l.data.length, max };
}

/**
 * The chosen indicators under the chart: colour, device, point, the live value from the socket
 * (with its age), and min / mean / max over the loaded range; a row can be removed.
 */
export function IndicatorTable({
  rows,
  live,
  onRemove,
}: {
  rows: readonly IndicatorRow[];
  live: Record<number, LiveValues>;
  onRemove: (deviceId: number, code: string) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const data = useMemo(() => rows.map((r) => ({ ...r, stats: statsOf(r) })), [rows]);
  return (
    <Table
      size="small"
      rowKey="key"
      data-testid="history-indicators"
      pagination={false}
      scroll={{ x: 760, y: 280 }}
      dataSource={data}
      columns={[
        {
          key: 'name',
          title: t('history.table.point'),
          render: (_, r) => (
            <span>
              <span className={styles.dot} style={{ background: r.color }} /> {r.deviceName} · {r.pointName}
            </span>
          ),
        },
        { key: 'unit', title: t('history.table.unit'), width: 70, render: (_, r) => r.unit ?? '-' },
        {
          key: 'now',
          title: t('history.table.now'),
          width: 150,
          align: 'right',
          render: (_, r) => {
            const v = live[r.deviceId]?.[r.code];
            return v ? (
              <Tooltip title={fmt.ago(v.ts)}>
                <span className={styles.num} data-testid={`live-${r.key}`}>
                  {fmt.value(v.value, r.unit, r.precision)}
                </span>
              </Tooltip>
            ) : (
              '-'
            );
          },
        },
        ...(['min', 'mean', 'max'] as const).map((k) => ({
          key: k,
          title: t(`history.table.${k}`),
          width: 120,
          align: 'right' as const,
          render: (_: unknown, r: (typeof data)[number]) => (
            <span className={styles.num}>{fmt.value(r.stats[k], r.unit, r.precision)}</span>
          ),
        })),
        {
          key: 'remove',
          width: 44,
          render: (_, r) => (
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('history.table.remove')}
              onClick={() => onRemove(r.deviceId, r.code)}
            />
          ),
        },
      ]}
    />
  );
}
