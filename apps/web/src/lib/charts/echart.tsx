import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart-props';

const EChartImpl = lazy(() => import('./echart-impl'));

/**
 * An ECharts chart, loaded on first use so that pages without charts (and the login page)
 * never download the charting library.
 */
export function EChart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 300 }} />}>
      <EChartImpl {...props} />
    </Suspense>
  );
}

export type { ChartProps };
