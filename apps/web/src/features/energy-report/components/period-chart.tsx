import type { TouPeriod } from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import type { EnergyRow } from '../hooks/period-rows';
import { periodChartOption } from './period-chart-option';

/** Daily charged (below the axis) and discharged (above) energy, stacked by TOU period. */
export function PeriodChart({ rows, periods }: { rows: EnergyRow[]; periods: readonly TouPeriod[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const option = useMemo(
    () =>
      periodChartOption(
        rows,
        periods,
        {
          period: {
            sharp: t('energyReport.period.sharp'),
            peak: t('energyReport.period.peak'),
            flat: t('energyReport.period.flat'),
            valley: t('energyReport.period.valley'),
            deepValley: t('energyReport.period.deepValley'),
          },
          charge: t('energyReport.chargeDischarge.charge'),
          discharge: t('energyReport.chargeDischarge.discharge'),
          axis: t('energyReport.chargeDischarge.axis'),
        },
        (v) => f.energy(v),
        (v) => f.short(v),
      ),
    [rows, periods, t, f],
  );
  return <EChart option={option} height={340} notMerge />;
}
