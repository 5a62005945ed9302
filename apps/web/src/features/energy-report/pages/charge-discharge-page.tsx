import { periodsShown } from '@ess/contract';
import { Alert, Card, Empty, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { useCurrentStation } from '@/lib/station/current-station';
import { palette } from '@/lib/theme/palette';
import { useIncomeData } from '../api/get-income-data';
import styles from '../components/energy-report.module.css';
import { ExportButton } from '../components/export-button';
import { PeriodChart } from '../components/period-chart';
import { PeriodTable } from '../components/period-table';
import { RangeBar } from '../components/range-bar';
import { StatTiles } from '../components/stat-tiles';
import { daysIn } from '../hooks/income-range';
import { efficiencyOf, energyRows } from '../hooks/period-rows';
import { useRangeState } from '../hooks/use-range-state';

/**
 * Charge-discharge data (spec 2): charged and discharged energy per day split into sharp, peak,
 * flat, valley and deep-valley periods, from the storage meter's counters and the station's
 * TOU template; chart, table with totals, and export.
 */
export function ChargeDischargePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { stationId, station } = useCurrentStation();
  const rangeState = useRangeState('last30');
  const { range } = rangeState;
  const income = useIncomeData(stationId, range, rangeState.includesToday);
  const data = income.data;
  const table = useMemo(() => (data ? energyRows(data) : null), [data]);
  const periods = useMemo(() => (data ? periodsShown(data) : []), [data]);

  if (stationId === null) return <Empty description={t('energyReport.noStation')} />;
  const withData = table?.rows.filter((r) => r.hasData).length ?? 0;
  const efficiency = table ? efficiencyOf(table.total) : null;
  return (
    <div className={styles.page} data-testid="charge-discharge-page">
      <div className={styles.header}>
        <div className={styles.titleBlock}>
          <h2 className={styles.title}>
            {t('energyReport.chargeDischarge.title')}
            {station ? <Typography.Text type="secondary"> · {station.name}</Typography.Text> : null}
          </h2>
          <span className={styles.subtitle}>{t('energyReport.chargeDischarge.subtitle')}</span>
        </div>
        <span className={styles.spring} />
        <RangeBar state={rangeState} />
        <ExportButton stationId={stationId} range={range} />
      </div>
      {income.isError && !data ? (
        <Alert type="error" showIcon message={t('energyReport.loadFailed')} />
      ) : !table || !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <StatTiles
            tiles={[
              {
                key: 'charge',
                label: t('energyReport.tiles.charge'),
                value: f.energy(table.total.charge),
                accent: palette.reportTile.charge,
              },
              {
                key: 'discharge',
                label: t('energyReport.tiles.discharge'),
                value: f.energy(table.total.discharge),
                accent: palette.reportTile.discharge,
              },
              {
                key: 'efficiency',
                label: t('energyReport.tiles.efficiency'),
                value: efficiency === null ? '-' : `${f.number(efficiency)}%`,
                accent: palette.reportTile.efficiency,
              },
              {
                key: 'days',
                label: t('energyReport.tiles.daysWithData'),
                value: t('energyReport.tiles.daysValue', {
                  count: withData,
                  total: range ? daysIn(range) : table.rows.length,
                }),
                accent: palette.reportTile.days,
              },
            ]}
          />
          <Card
            title={t('energyReport.chargeDischarge.chart')}
            extra={<span className={styles.subtitle}>{t('energyReport.chargeDischarge.axisHint')}</span>}
            loading={income.isFetching && income.isPlaceholderData}
          >
            {withData === 0 ? (
              <Empty description={t('energyReport.chargeDischarge.empty')} />
            ) : (
              <PeriodChart rows={table.rows} periods={periods} />
            )}
          </Card>
          <Card title={t('energyReport.chargeDischarge.table')}>
            <PeriodTable rows={table.rows} total={table.total} periods={periods} />
          </Card>
        </>
      )}
    </div>
  );
}
