import { useTranslation } from 'react-i18next';
import { StationZone } from '@/components/station-zone/station-zone';
import { EChart } from '@/lib/charts/echart';
import { curveHasData } from '@/lib/charts/power-curve-option';
import { usePowerCurveOption } from '@/lib/charts/use-power-curve-option';
import type { StationLive } from '@/lib/live/use-station-live';
import { useRealtimeCurve } from '../api/home-blocks';
import { BlockCard } from './block-card';
import styles from './home-blocks.module.css';

/** Today's storage, PV, load and grid power in 15-minute averages, reaching "now" with the live values. */
export function PowerCurveBlock({ stationId, live }: { stationId: number; live: StationLive }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useRealtimeCurve(stationId);
  const summary = live.summary;
  const option = usePowerCurveOption(data, summary);
  return (
    <BlockCard
      title={t('siteHome.block.powerCurve')}
      extra={<StationZone />}
      loading={isPending}
      failed={isError}
      onRetry={() => void refetch()}
      empty={data && !curveHasData(data.series, summary) ? t('siteHome.curve.empty') : undefined}
      testId="home-power-curve"
    >
      {option && (
        <>
          <EChart option={option} height={310} renderer="svg" />
          <div className={styles.caption}>{t('siteHome.curve.signs')}</div>
        </>
      )}
    </BlockCard>
  );
}
