import type { CarbonResult } from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { trendChartOption } from './trend-chart-option';

/** Avoided, storage and auxiliary CO2 per day or month, with the net line. */
export function TrendChart({ trend }: { trend: CarbonResult['trend'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const option = useMemo(
    () =>
      trendChartOption(
        trend,
        {
          avoided: t('carbon.chart.avoided'),
          storage: t('carbon.chart.storage'),
          aux: t('carbon.chart.aux'),
          net: t('carbon.chart.net'),
          toDate: t('carbon.toDate'),
        },
        (kg) => f.weight(kg),
      ),
    [trend, t, f],
  );
  return <EChart option={option} height={320} notMerge />;
}
