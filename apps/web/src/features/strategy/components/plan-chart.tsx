import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { periodNames } from './period-names';
import { type PlanChartData, planChartOption } from './plan-chart-option';

/** The daily plan: storage power, load, PV and grid import over the TOU bands, SOC on the right. */
export function PlanChart({ data }: { data: PlanChartData }) {
  const { t } = useTranslation();
  const f = useFormat();
  const option = useMemo(
    () =>
      planChartOption(
        data,
        {
          period: periodNames(t),
          storage: t('strategy.plan.storage'),
          load: t('strategy.plan.load'),
          pv: t('strategy.plan.pv'),
          grid: t('strategy.plan.grid'),
          demandLimit: t('strategy.plan.demandLimit'),
          soc: t('strategy.plan.soc'),
          powerAxis: t('strategy.plan.powerAxis'),
          socAxis: t('strategy.plan.socAxis'),
        },
        (v) => f.value(v, 'kW'),
      ),
    [data, t, f],
  );
  return <EChart option={option} height={380} notMerge />;
}
