import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { useStationTime } from '@/lib/station/station-time';
import type { RevenueRow } from '../hooks/revenue-rows';
import styles from './energy-report.module.css';

/** Revenue per day or month, with the range's total. */
export function RevenueTable(props: { rows: RevenueRow[]; total: RevenueRow; byMonth: boolean }) {
  const { rows, total, byMonth } = props;
  const { t } = useTranslation();
  const f = useFormat();
  const clock = useStationTime();
  const money = (v: number | null) =>
    v === null ? '-' : <span className={v < 0 ? styles.negative : styles.positive}>{f.money(v)}</span>;
  return (
    <Table<RevenueRow>
      className={styles.table}
      size="small"
      rowKey="key"
      dataSource={rows}
      pagination={rows.length > 15 ? { pageSize: 15, showSizeChanger: false, size: 'small' } : false}
      data-testid="revenue-table"
      columns={[
        { title: clock.withZone(byMonth ? t('energyReport.month') : t('energyReport.date')), dataIndex: 'key' },
        {
          title: t('energyReport.chargeDischarge.chargeTotal'),
          dataIndex: 'charge',
          className: styles.num,
          render: (v: number, r) => (r.hasData ? f.energy(v) : '-'),
        },
        {
          title: t('energyReport.chargeDischarge.dischargeTotal'),
          dataIndex: 'discharge',
          className: styles.num,
          render: (v: number, r) => (r.hasData ? f.energy(v) : '-'),
        },
        {
          title: t('energyReport.earnings.revenue'),
          dataIndex: 'revenue',
          className: styles.num,
          render: (v: number | null, r) => (r.hasData ? money(v) : '-'),
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
