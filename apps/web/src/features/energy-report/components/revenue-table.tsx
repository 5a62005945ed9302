import { Table } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRunLabel } from '@/components/empty-run-label/empty-run-label';
import { useFormat } from '@/lib/format/use-format';
import { useStationTime } from '@/lib/station/station-time';
import { collapseEmptyDays, type TableEntry } from '@/lib/table/collapse-empty-days';
import type { RevenueRow } from '../hooks/revenue-rows';
import styles from './energy-report.module.css';

type Entry = TableEntry<RevenueRow>;

/** Revenue per day or month, newest first, a run without data as one row, with the range's total. */
export function RevenueTable(props: { rows: RevenueRow[]; total: RevenueRow; byMonth: boolean }) {
  const { rows, total, byMonth } = props;
  const { t } = useTranslation();
  const f = useFormat();
  const clock = useStationTime();
  const entries = useMemo(() => collapseEmptyDays(rows, (r) => r.key), [rows]);
  const money = (v: number | null) =>
    v === null ? '-' : <span className={v < 0 ? styles.negative : styles.positive}>{f.money(v)}</span>;
  /** A value cell of a period (with data: those without are in runs), "-" across a run. */
  const of =
    (value: (r: RevenueRow) => ReactNode) =>
    (_: unknown, e: Entry): ReactNode =>
      e.kind === 'data' ? value(e.row) : '-';
  return (
    <Table<Entry>
      className={styles.table}
      size="small"
      rowKey="key"
      dataSource={entries}
      pagination={entries.length > 15 ? { pageSize: 15, showSizeChanger: false, size: 'small' } : false}
      data-testid="revenue-table"
      columns={[
        {
          title: clock.withZone(byMonth ? t('energyReport.month') : t('energyReport.date')),
          key: 'period',
          render: (_, e) => (e.kind === 'empty' ? <EmptyRunLabel run={e} unit={byMonth ? 'months' : 'days'} /> : e.key),
        },
        {
          title: t('energyReport.chargeDischarge.chargeTotal'),
          key: 'charge',
          className: styles.num,
          render: of((r) => f.energy(r.charge)),
        },
        {
          title: t('energyReport.chargeDischarge.dischargeTotal'),
          key: 'discharge',
          className: styles.num,
          render: of((r) => f.energy(r.discharge)),
        },
        {
          title: t('energyReport.earnings.revenue'),
          key: 'revenue',
          className: styles.num,
          render: of((r) => money(r.revenue)),
        },
      ]}
      summary={() => (
        <Table.Summary.Row className={styles.totalRow}>
          <Table.Summary.Cell index={0}>{t('energyReport.total')}</Table.Summary.Cell>
          <Table.Summary.Cell index={1} className={styles.num}>
            {f.energy(total.charge)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} className={styles.num}>
            {f.energy(total.discharge)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} className={styles.num}>
            {money(total.revenue)}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
