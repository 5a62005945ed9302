import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StationZone } from '@/components/station-zone/station-zone';
import { EChart } from '@/lib/charts/echart';
import { curveHasData, powerCurveOption } from '@/lib/charts/power-curve-option';
import { useFormat } from '@/lib/format/use-format';
import type { StationLive } from '@/lib/live/use-station-live';
import { useRealtimeCurve } from '../api/home-blocks';
import { BlockCard } from './block-card';
import styles from './home-blocks.module.css';

/** Today's storage, PV, load and grid power in 15-minute averages, reaching "now" with the live values. */
export function PowerCurveBlock({ stationId, live }: { stationId: number; live: StationLive }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { data, isPending, isError, refetch } = useRealtimeCurve(stationId);
  const summary = live.summary;
  const option = useMemo(
    () =>
      data
        ? powerCurveOption(
            data,
            summary,
            {
              storagePower: t('siteHome.curve.storage'),
              pvPower: t('siteHome.curve.pv'),
              loadPower: t('siteHome.curve.load'),
              gridPower: t('siteHome.curve.grid'),
              power: t('siteHome.curve.power'),
            },
            (v) => f.energy(v, 'kW'),
            (v) => f.short(v),
          )
        : null,
    [data, summary, t, f],
  );
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
