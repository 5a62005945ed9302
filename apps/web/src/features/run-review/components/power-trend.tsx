import type { ReviewDay } from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { powerTrendOption } from './power-trend-option';

/** Demonstrated power per day against the rated power (the capacity page's trend). */
export function PowerTrend({ days, ratedKw }: { days: ReviewDay[]; ratedKw: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const option = useMemo(
    () =>
      powerTrendOption(
        days,
        ratedKw,
        {
          maxCharge: t('runReview.days.maxCharge'),
          maxDischarge: t('runReview.days.maxDischarge'),
          rated: t('runReview.ratedPower'),
        },
        (kw) => f.value(kw, 'kW'),
      ),
    [days, ratedKw, t, f],
  );
  return <EChart option={option} height={300} notMerge />;
}
