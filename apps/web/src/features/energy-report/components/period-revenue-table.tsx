import type { TouPeriod, TouPrices } from '@ess/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import type { EnergyRow } from '../hooks/period-rows';
import styles from './energy-report.module.css';
import { PERIOD_COLORS } from './period-colors';

type Row = { period: TouPeriod; charge: number; discharge: number; price: number | null; revenue: number | null };

/** Over the range, per TOU period: energy charged and discharged, the price, and what it earned or cost. */
export function PeriodRevenueTable(props: {
  total: EnergyRow;
  periods: readonly TouPeriod[];
  prices: TouPrices | null;
}) {
  const { total, periods, prices } = props;
  const { t } = useTranslation();
  const f = useFormat();
  const rows: Row[] = periods.map((p) => ({
    period: p,
    charge: total.periods[p].charge,
    discharge: total.periods[p].discharge,
    price: prices ? prices[p] : null,
    revenue: total.periods[p].revenue,
  }));
  const money = (v: number | null) =>
    v === null ? '-' : <span className={v < 0 ? styles.negative : styles.positive}>{f.money(v)}</span>;
  return (
    <Table<Row>
      className={styles.table}
      size="small"
      rowKey="period"
      pagination={false}
      dataSource={rows}
      data-testid="period-revenue"
      columns={[
        {
          title: t('energyReport.template.hours'),
          dataIndex: 'period',
          render: (p: TouPeriod) => (
            <span>
              <span className={styles.legendDot} style={{ background: PERIOD_COLORS[p] }} />
              {t(`energyReport.period.${p}`)}
            </span>
          ),
        },
        {
          title: t('energyReport.chargeDischarge.chargeTotal'),
          dataIndex: 'charge',
          className: styles.num,
          render: (v: number) => f.energy(v),
        },
        {
          title: t('energyReport.chargeDischarge.dischargeTotal'),
          dataIndex: 'discharge',
          className: styles.num,
          render: (v: number) => f.energy(v),
        },
        {
          title: t('energyReport.earnings.price'),
          dataIndex: 'price',
          className: styles.num,
          render: (v: number | null) => (v === null ? '-' : t('energyReport.template.perKwh', { price: f.money(v) })),
        },
        {
          title: t('energyReport.earnings.revenue'),
          dataIndex: 'revenue',
          className: styles.num,
          render: (v: number | null) => money(v),
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
          <Table.Summary.Cell index={3} />
          <Table.Summary.Cell index={4} className={styles.num}>
            {money(total.revenue)}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
