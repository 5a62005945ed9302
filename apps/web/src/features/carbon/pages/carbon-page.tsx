import { carbonApi } from '@ess/contract';
import { Alert, Card, Col, Empty, Flex, Row, Segmented, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { StationZone } from '@/components/station-zone/station-zone';
import { REPORT_RANGES, type ReportRange, reportRange } from '@/lib/dates/report-range';
import { usePageTitle } from '@/lib/menu/page-title';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { useCarbonFigures } from '../api/carbon';
import { ExportMenu } from '../components/export-menu';
import { FactorList } from '../components/factor-list';
import { FactorUsed } from '../components/factor-used';
import { KpiTiles } from '../components/kpi-tiles';
import { RankingTable } from '../components/ranking-table';
import { TrendChart } from '../components/trend-chart';

type Scope = 'station' | 'all';

/**
 * Carbon footprint and energy consumption (issue 24 part 5): PV generation and the CO2 it
 * avoids, the storage effect, auxiliary consumption and its share, net; trend and ranking;
 * the grid emission factors used (with sources) and their administration.
 */
export function CarbonPage() {
  const { t } = useTranslation();
  const pageTitle = usePageTitle('/revenue-management/carbon');
  const { stationId, station } = useCurrentStation();
  const today = useStationTime().today(Date.now());
  const [scope, setScope] = useState<Scope>('station');
  const [preset, setPreset] = useState<ReportRange>('last30');
  const range = reportRange(preset, today);
  const target = scope === 'all' ? null : stationId;
  const figures = useCarbonFigures(
    scope === 'station' && stationId === null ? null : { stationId: target, ...range },
    range.to >= today,
  );
  const data = figures.data;
  const anyData = data
    ? data.total.pvKwh !== null || data.total.chargeKwh !== null || data.total.auxKwh !== null
    : false;

  const figuresTab = (
    <Flex vertical gap={14}>
      <Flex wrap gap="8px 16px" align="center">
        <Segmented<Scope>
          data-testid="carbon-scope"
          value={scope}
          onChange={setScope}
          options={[
            { value: 'station', label: station ? station.name : t('carbon.scope.station') },
            { value: 'all', label: t('carbon.scope.all') },
          ]}
        />
        <Segmented<ReportRange>
          data-testid="carbon-range"
          value={preset}
          onChange={setPreset}
          options={REPORT_RANGES.map((r) => ({ value: r, label: t(`carbon.range.${r}`) }))}
        />
        <Typography.Text type="secondary" data-testid="carbon-dates">
          {range.from} – {range.to}
          {range.to >= today ? ` (${t('carbon.toDate')})` : ''}
        </Typography.Text>
        <StationZone />
        <span style={{ flex: 1 }} />
        <ExportMenu stationId={target} range={range} />
      </Flex>
      {scope === 'station' && stationId === null ? (
        <Empty description={t('carbon.noStation')} />
      ) : figures.isError && !data ? (
        <Alert type="error" showIcon message={t('carbon.loadFailed')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <KpiTiles total={data.total} />
          <Row gutter={[14, 14]}>
            <Col xs={24} xl={16}>
              <Card
                size="small"
                title={t('carbon.chart.heading')}
                loading={figures.isFetching && figures.isPlaceholderData}
              >
                {anyData ? <TrendChart trend={data.trend} /> : <Empty description={t('carbon.empty')} />}
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <FactorUsed factors={data.factors} />
            </Col>
            <Col span={24}>
              <Card size="small" title={t('carbon.ranking.heading')}>
                <RankingTable rows={data.ranking} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Flex>
  );

  return (
    <Card
      data-testid="carbon-page"
      title={pageTitle}
      extra={<Typography.Text type="secondary">{t('carbon.subtitle')}</Typography.Text>}
    >
      <Tabs
        items={[
          { key: 'figures', label: t('carbon.tabs.figures'), children: figuresTab },
          {
            key: 'factors',
            label: t('carbon.tabs.factors'),
            children: (
              <Permission endpoint={carbonApi.carbonFactorPage}>
                <FactorList />
              </Permission>
            ),
          },
        ]}
      />
    </Card>
  );
}
