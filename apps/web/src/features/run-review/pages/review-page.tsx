import { type ReviewCode, reviewApi } from '@ess/contract';
import { Alert, Card, Empty, Flex, Segmented, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/crud';
import { StationZone } from '@/components/station-zone/station-zone';
import { REPORT_RANGES, type ReportRange, reportRange } from '@/lib/dates/report-range';
import { useFormat } from '@/lib/format/use-format';
import { usePageTitle } from '@/lib/menu/page-title';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { useReviewRanking, useReviewScore } from '../api/review';
import { DayTable } from '../components/day-table';
import { IndicatorTable } from '../components/indicator-table';
import { PowerTrend } from '../components/power-trend';
import { RankingTable } from '../components/ranking-table';

/**
 * A run-review page (issue 24 part 6): the station's weighted total and nine indicators with
 * their formulas, the page's own indicators first, and the days behind the scores.
 */
export function ReviewPage({ path, focus }: { path: string; focus: ReviewCode[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const pageTitle = usePageTitle(path);
  const { stationId } = useCurrentStation();
  const today = useStationTime().today(Date.now());
  const [preset, setPreset] = useState<ReportRange>('last30');
  const range = reportRange(preset, today);
  const review = useReviewScore(stationId === null ? null : { stationId, ...range });
  const data = review.data;
  const ranking = useReviewRanking(range);
  return (
    <Card
      data-testid="review-page"
      title={pageTitle}
      extra={<Typography.Text type="secondary">{t('runReview.subtitle')}</Typography.Text>}
    >
      <Flex vertical gap={14}>
        <Flex wrap gap="8px 16px" align="center">
          <Segmented<ReportRange>
            data-testid="review-range"
            value={preset}
            onChange={setPreset}
            options={REPORT_RANGES.map((r) => ({ value: r, label: t(`runReview.range.${r}`) }))}
          />
          <Typography.Text type="secondary">
            {range.from} – {range.to}
          </Typography.Text>
          <StationZone />
        </Flex>
        {stationId === null ? (
          <Empty description={t('runReview.noStation')} />
        ) : review.isError && !data ? (
          <Alert type="error" showIcon message={t('runReview.loadFailed')} />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            <Flex wrap gap="8px 32px" align="center">
              <Statistic
                data-testid="review-total"
                title={t('runReview.total')}
                value={data.total === null ? '-' : f.number(data.total, 1)}
              />
              <Statistic title={t('runReview.cycles')} value={f.number(data.cycles, 2)} />
              <Typography.Text type="secondary">
                {t('runReview.rated', {
                  power: f.value(data.ratedPowerKw, 'kW'),
                  capacity: f.energy(data.capacityKwh),
                })}
                <br />
                {t('runReview.commands', data.commands)}
                <br />
                {t('runReview.dispatch', {
                  within: data.dispatch.within,
                  quarters: data.dispatch.quarters,
                  pct: data.dispatch.tolerancePct,
                })}
              </Typography.Text>
            </Flex>
            {data.partial && <Alert type="info" showIcon message={t('runReview.partial')} />}
            <IndicatorTable indicators={data.indicators} focus={focus} />
            <Typography.Text type="secondary">{t('runReview.how')}</Typography.Text>
            {focus.includes('power') && (
              <Card size="small" title={t('runReview.powerTrend')}>
                <PowerTrend days={data.days} ratedKw={data.ratedPowerKw} />
              </Card>
            )}
            <Card
              size="small"
              title={t('runReview.ranking.heading')}
              loading={!ranking.data}
              extra={
                <ExportButton
                  endpoint={reviewApi.reviewExport}
                  input={() => ({ ...range, format: 'xlsx' as const })}
                  fileName={`${t('runReview.ranking.heading')} ${range.from}_${range.to}.xlsx`}
                  hint={t('runReview.ranking.exportHint')}
                  testId="review-export"
                />
              }
            >
              <RankingTable rows={ranking.data?.rows ?? []} focus={focus} />
            </Card>
            <Card size="small" title={t('runReview.days.heading')}>
              <DayTable days={data.days} />
            </Card>
          </>
        )}
      </Flex>
    </Card>
  );
}
