import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { BlockBoundary } from '@/components/block-boundary';
import { loadChunk } from '@/lib/chunk-load';

export type ProcessDiagramProps = {
  /** The definition's BPMN 2.0 XML (with its diagram layout). */
  xml: string;
  /** Nodes waiting now (an order's current user tasks): marked in the theme's primary colour. */
  activeNodeIds?: readonly string[];
  /** Nodes already passed: marked as done. */
  doneNodeIds?: readonly string[];
  /** The box's height in px (default 420); the diagram fits into it. */
  height?: number;
};

const View = lazy(() =>
  loadChunk(() => import('./process-diagram-view')).then((m) => ({ default: m.ProcessDiagramView })),
);

/**
 * A BPMN process diagram (bpmn-js viewer: pan and zoom, no editing) with an order's current and
 * passed nodes marked. bpmn-js loads with the first diagram shown, so other pages never carry it.
 */
export function ProcessDiagram(props: ProcessDiagramProps) {
  const height = props.height ?? 420;
  return (
    <BlockBoundary height={height}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <View {...props} />
      </Suspense>
    </BlockBoundary>
  );
}
