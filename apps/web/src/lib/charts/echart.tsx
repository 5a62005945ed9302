import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { BlockBoundary } from '@/components/block-boundary';
import { loadChunk } from '../chunk-load';
import type { ChartProps } from './chart-props';

const EChartImpl = lazy(() => loadChunk(() => import('./echart-impl')));

/**
 * An ECharts chart, loaded on first use so that pages without charts (and the login page)
 * never download the charting library.
 */
export function EChart(props: ChartProps) {
  // A chart whose option throws shows a small error with a retry; the page around it stays.
  return (
    <BlockBoundary height={props.height ?? 300}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 300 }} />}>
        <EChartImpl {...props} />
      </Suspense>
    </BlockBoundary>
  );
}

export type { ChartProps };
