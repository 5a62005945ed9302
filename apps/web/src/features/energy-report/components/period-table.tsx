import { WarningOutlined } from '@ant-design/icons';
import type { TouPeriod } from '@ess/contract';
import { Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRunLabel } from '@/components/empty-run-label/empty-run-label';
import { useFormat } from '@/lib/format/use-format';
import { useStationTime } from '@/lib/station/station-time';
import { collapseEmptyDays, type TableEntry } from '@/lib/table/collapse-empty-days';
import { palette } from '@/lib/theme/palette';
import { type EnergyRow, efficiencyOf } from '../hooks/period-rows';
import styles from './energy-report.module.css';
import { PERIOD_COLORS } from './period-colors';

type Props = { rows: EnergyRow[]; total: EnergyRow; periods: readonly TouPeriod[] };
type Entry = TableEntry<EnergyRow>;

/**
 * A row per day, newest first, a run of days without data as one row: charged and discharged
 * energy per TOU period and in total, then the range's total.
 */
export function PeriodTable({ rows, total, periods }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const clock = useStationTime();
  const entries = useMemo(() => collapseEmptyDays(rows, (r) => r.key), [rows]);
  /** A value cell of a day (with data: days without are in runs), "-" across a run. */
  const of =
    (value: (r: EnergyRow) => ReactNode) =>
    (_: unknown, e: Entry): ReactNode =>
      e.kind === 'data' ? value(e.row) : '-';
  const kwh = (v: (r: EnergyRow) => number) => of((r) => f.energy(v(r)));
  const columns: ColumnsType<Entry> = [
    {
      title: clock.withZone(t('energyReport.date')),
      key: 'date',
      fixed: 'left',
      width: 190,
      render: (_, e) =>
        e.kind === 'empty' ? (
          <EmptyRunLabel run={e} unit="days" />
        ) : (
          <span>
            {e.key}{' '}
            {!e.row.consistent && (
              <Tooltip title={t('energyReport.chargeDischarge.inconsistent')}>
                <WarningOutlined style={{ color: palette.attention }} />
              </Tooltip>
            )}
            {!e.row.whole && (
              <Tooltip title={t('energyReport.chargeDischarge.partialTip')}>
                <Tag color="warning" data-testid={`partial-${e.key}`}>
                  {t('energyReport.chargeDischarge.partial')}
                </Tag>
              </Tooltip>
            )}
          </span>
        ),
    },
    ...periods.map((p) => ({
      key: p,
      title: (
        <span>
          <span className={styles.legendDot} style={{ background: PERIOD_COLORS[p] }} />
          {t(`energyReport.period.${p}`)}
        </span>
      ),
      children: [
        {
          key: `${p}-c`,
          title: t('energyReport.chargeDischarge.charge'),
          className: styles.num,
          render: kwh((r) => r.periods[p].charge),
        },
        {
          key: `${p}-d`,
          title: t('energyReport.chargeDischarge.discharge'),
          className: styles.num,
          render: kwh((r) => r.periods[p].discharge),
        },
      ],
    })),
    {
      key: 'charge',
      title: t('energyReport.chargeDischarge.chargeTotal'),
      className: styles.num,
      render: kwh((r) => r.charge),
    },
    {
      key: 'discharge',
      title: t('energyReport.chargeDischarge.dischargeTotal'),
      className: styles.num,
      render: kwh((r) => r.discharge),
    },
    {
      key: 'efficiency',
      title: t('energyReport.chargeDischarge.efficiency'),
      className: styles.num,
      render: of((r) => {
        const e = efficiencyOf(r);
        return e === null ? '-' : `${f.number(e)}%`;
      }),
    },
  ];
  const leaves = 1 + periods.length * 2 + 3;
  return (
    <Table<Entry>
      className={styles.table}
      size="small"
      bordered
      rowKey="key"
      columns={columns}
      dataSource={entries}
      scroll={{ x: 'max-content' }}
      pagination={entries.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
      data-testid="income-table"
      summary={() => (
        <Table.Summary fixed="bottom">
          <Table.Summary.Row className={styles.totalRow} data-testid="income-total">
            <Table.Summary.Cell index={0}>{t('energyReport.total')}</Table.Summary.Cell>
            {periods.flatMap((p, i) => [
              <Table.Summary.Cell key={`${p}-c`} index={1 + i * 2} className={styles.num}>
                {f.energy(total.periods[p].charge)}
              </Table.Summary.Cell>,
              <Table.Summary.Cell key={`${p}-d`} index={2 + i * 2} className={styles.num}>
                {f.energy(total.periods[p].discharge)}
              </Table.Summary.Cell>,
            ])}
            <Table.Summary.Cell index={leaves - 3} className={styles.num}>
              {f.energy(total.charge)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={leaves - 2} className={styles.num}>
              {f.energy(total.discharge)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={leaves - 1} className={styles.num}>
              {(() => {
                const e = efficiencyOf(total);
                return e === null ? '-' : `${f.number(e)}%`;
              })()}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
