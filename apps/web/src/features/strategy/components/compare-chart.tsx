import type { TouPeriod } from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { compareChartOption } from './compare-chart-option';
import { periodNames } from './period-names';

/** The optimal against the rule-based schedule: storage power (`power`) or SOC path (`soc`). */
export function CompareChart({
  kind,
  optimal,
  rule,
  periods,
}: {
  kind: 'power' | 'soc';
  optimal: readonly number[];
  rule: readonly number[];
  periods: readonly TouPeriod[];
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const option = useMemo(
    () =>
      compareChartOption(
        kind,
        optimal,
        rule,
        periods,
        {
          period: periodNames(t),
          optimal: t('strategy.budget.optimal'),
          rule: t('strategy.budget.rule'),
          axis: kind === 'power' ? t('strategy.plan.powerAxis') : t('strategy.plan.socAxis'),
        },
        kind === 'power' ? (v) => f.value(v, 'kW') : (v) => `${f.number(v)} %`,
      ),
    [kind, optimal, rule, periods, t, f],
  );
  return <EChart option={option} height={300} notMerge />;
}
