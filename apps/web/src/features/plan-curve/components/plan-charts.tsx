import type { PlanCurveSegment, PlannedVsActual } from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { plannedActualOption, planPreviewOption } from './plan-chart-option';

/** A template's planned power over the day (discharge above zero). */
export function PlanPreviewChart({
  segments,
  height = 220,
}: {
  segments: readonly PlanCurveSegment[];
  height?: number;
}) {
  const { t } = useTranslation();
  const option = useMemo(
    () => planPreviewOption(segments, { planned: t('planCurve.chart.planned'), axis: t('planCurve.chart.axis') }),
    [segments, t],
  );
  return <EChart option={option} height={height} renderer="svg" notMerge />;
}

/** Planned versus actual storage power of one station's day. */
export function PlannedActualChart({ data }: { data: PlannedVsActual }) {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      plannedActualOption(data, {
        planned: t('planCurve.chart.planned'),
        actual: t('planCurve.chart.actual'),
        axis: t('planCurve.chart.axis'),
      }),
    [data, t],
  );
  return <EChart option={option} height={320} notMerge />;
}
