import { ProcessDiagram } from '@/components/process-diagram';

/** The order's process with the nodes waiting now and those passed marked (the shared viewer). */
export function OrderDiagram({
  xml,
  activeNodeIds,
  doneNodeIds,
}: {
  xml: string;
  activeNodeIds: readonly string[];
  doneNodeIds: readonly string[];
}) {
  return <ProcessDiagram xml={xml} activeNodeIds={activeNodeIds} doneNodeIds={doneNodeIds} height={360} />;
}
