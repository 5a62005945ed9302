import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import type { Definitions, DiagramViewer } from './draw-diagram';

type Moddle = { fromXML(xml: string, type: string): Promise<{ rootElement: Definitions }> };
type Canvas = ReturnType<DiagramViewer['canvas']>;
type ElementRegistry = { get(id: string): unknown };

/**
 * A bpmn-js NavigatedViewer (pan and zoom, no editing: the modeler is not needed) in `container`,
 * seen through the parts drawing uses. Loaded only with the diagram's chunk.
 */
export function createBpmnViewer(container: HTMLElement): { viewer: DiagramViewer; destroy: () => void } {
  const bpmn = new NavigatedViewer({ container });
  const viewer: DiagramViewer = {
    parse: async (xml) => (await bpmn.get<Moddle>('moddle').fromXML(xml, 'bpmn:Definitions')).rootElement,
    importDefinitions: (definitions) => bpmn.importDefinitions(definitions),
    canvas: () => bpmn.get<Canvas>('canvas'),
    has: (id) => Boolean(bpmn.get<ElementRegistry>('elementRegistry').get(id)),
  };
  return { viewer, destroy: () => bpmn.destroy() };
}
