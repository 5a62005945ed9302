import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { forecastChartOption } from './forecast-chart-option';

/** Forecast load against the measured load of the same day. */
export function ForecastChart({
  forecast,
  actual,
}: {
  forecast: readonly (number | null)[];
  actual: readonly (number | null)[] | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const option = useMemo(
    () =>
      forecastChartOption(
        forecast,
        actual,
        {
          forecast: t('strategy.forecast.forecast'),
          actual: t('strategy.forecast.actual'),
          axis: t('strategy.forecast.axis'),
        },
        (v) => f.value(v, 'kW'),
      ),
    [forecast, actual, t, f],
  );
  return <EChart option={option} height={340} notMerge />;
}
