import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { type RevenuePoint, revenueChartOption } from './revenue-chart-option';

/** Revenue per day or month with its running total. */
export function RevenueChart({ points }: { points: RevenuePoint[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const option = useMemo(
    () =>
      revenueChartOption(
        points,
        { revenue: t('energyReport.earnings.revenue'), cumulative: t('energyReport.earnings.cumulative') },
        (v) => f.money(v),
        (v) => f.short(v),
      ),
    [points, t, f],
  );
  return <EChart option={option} height={320} notMerge />;
}
