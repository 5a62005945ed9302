import { periodsShown } from '@ess/contract';
import { Alert, Card, Col, Empty, Row, Segmented, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { useCurrentStation } from '@/lib/station/current-station';
import { palette } from '@/lib/theme/palette';
import { useIncomeData } from '../api/get-income-data';
import styles from '../components/energy-report.module.css';
import { ExportButton } from '../components/export-button';
import { PeriodRevenueTable } from '../components/period-revenue-table';
import { PriceTemplateCard } from '../components/price-template';
import { RangeBar } from '../components/range-bar';
import { RevenueChart } from '../components/revenue-chart';
import { RevenueTable } from '../components/revenue-table';
import { StatTiles } from '../components/stat-tiles';
import { energyRows } from '../hooks/period-rows';
import { revenueFacts, revenueRows } from '../hooks/revenue-rows';
import { useRangeState } from '../hooks/use-range-state';

type Granularity = 'day' | 'month';

/**
 * Earnings glance (spec 2): daily and monthly arbitrage revenue (spec 9 money), by TOU period,
 * with the price template it was computed with, and their export.
 */
export function EarningsGlancePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { stationId, station } = useCurrentStation();
  const rangeState = useRangeState('last30');
  const [granularity, setGranularity] = useState<Granularity>('day');
  const income = useIncomeData(stationId, rangeState.range, rangeState.includesToday);
  const data = income.data;
  const byMonth = granularity === 'month';
  const view = useMemo(() => {
    if (!data) return null;
    const rows = revenueRows(data, byMonth);
    return {
      rows,
      facts: revenueFacts(data),
      energy: energyRows(data),
      periods: periodsShown(data),
      points: rows.map((r) => ({ label: r.key, revenue: r.hasData ? r.revenue : null })),
    };
  }, [data, byMonth]);

  if (stationId === null) return <Empty description={t('energyReport.noStation')} />;
  const anyData = view?.rows.some((r) => r.hasData) ?? false;
  return (
    <div className={styles.page} data-testid="earnings-page">
      <div className={styles.header}>
        <div className={styles.titleBlock}>
          <h2 className={styles.title}>
            {t('energyReport.earnings.title')}
            {station ? <Typography.Text type="secondary"> · {station.name}</Typography.Text> : null}
          </h2>
          <span className={styles.subtitle}>{t('energyReport.earnings.subtitle')}</span>
        </div>
        <span className={styles.spring} />
        <Segmented<Granularity>
          data-testid="earnings-granularity"
          value={granularity}
          onChange={setGranularity}
          options={[
            { value: 'day', label: t('energyReport.earnings.byDay') },
            { value: 'month', label: t('energyReport.earnings.byMonth') },
          ]}
        />
        <RangeBar state={rangeState} />
        <ExportButton stationId={stationId} range={rangeState.range} what="earnings" />
      </div>
      {income.isError && !data ? (
        <Alert type="error" showIcon message={t('energyReport.loadFailed')} />
      ) : !view || !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {!data.template && <Alert type="warning" showIcon message={t('energyReport.earnings.noTemplate')} />}
          <StatTiles
            tiles={[
              {
                key: 'revenue',
                label: t('energyReport.tiles.revenue'),
                value: f.money(view.facts.total),
                accent: palette.reportTile.revenue,
              },
              {
                key: 'average',
                label: t('energyReport.tiles.avgDaily'),
                value: f.money(view.facts.averagePerDay),
                accent: palette.reportTile.average,
              },
              {
                key: 'best',
                label: t('energyReport.tiles.bestDay'),
                value: f.money(view.facts.best?.revenue),
                sub: view.facts.best ? t('energyReport.tiles.bestDayOn', { date: view.facts.best.date }) : undefined,
                accent: palette.reportTile.best,
              },
              {
                key: 'discharge',
                label: t('energyReport.tiles.discharge'),
                value: f.energy(view.energy.total.discharge),
                sub: `${t('energyReport.tiles.charge')} ${f.energy(view.energy.total.charge)}`,
                accent: palette.reportTile.discharge,
              },
            ]}
          />
          <Row gutter={[14, 14]}>
            <Col xs={24} xl={15} xxl={16}>
              <Card
                title={t('energyReport.earnings.chart')}
                className={styles.card}
                loading={income.isFetching && income.isPlaceholderData}
              >
                {anyData ? (
                  <RevenueChart points={view.points} />
                ) : (
                  <Empty description={t('energyReport.earnings.empty')} />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={9} xxl={8}>
              <PriceTemplateCard template={data.template} />
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('energyReport.earnings.periodTable')} className={styles.card}>
                <PeriodRevenueTable
                  total={view.energy.total}
                  periods={view.periods}
                  prices={data.template?.prices ?? null}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('energyReport.earnings.table')} className={styles.card}>
                <RevenueTable
                  rows={view.rows}
                  byMonth={byMonth}
                  total={{
                    key: 'total',
                    hasData: anyData,
                    charge: data.total.chargeKwh,
                    discharge: data.total.dischargeKwh,
                    revenue: data.total.revenue,
                  }}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
