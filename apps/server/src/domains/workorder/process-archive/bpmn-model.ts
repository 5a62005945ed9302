import { createRequire } from 'node:module';

/**
 * The part of a bpmn-moddle element tree the validator reads. bpmn-moddle (a dependency of
 * bpmn-engine) ships no types; it is loaded here by require and typed by what is read, so
 * this module needs no ambient declaration.
 */
export type ModdleNode = {
  $type: string;
  id?: string;
  name?: string;
  isExecutable?: boolean;
  /** Attributes of namespaces the model does not know (camunda:…, activiti:…), by qualified name. */
  $attrs?: Record<string, string>;
  [key: string]: unknown;
};

type Moddle = { fromXML(xml: string): Promise<{ rootElement: ModdleNode; warnings: unknown[] }> };
type ModdleClass = new () => Moddle;

const load = createRequire(import.meta.url);

/** Parses BPMN 2.0 XML; rejects XML that is not well-formed (unclosed or mismatched tags, text outside the root). */
export function parseBpmn(xml: string): Promise<{ rootElement: ModdleNode; warnings: unknown[] }> {
  const BpmnModdle = (load('bpmn-moddle') as { default?: ModdleClass }).default ?? (load('bpmn-moddle') as ModdleClass);
  return new BpmnModdle().fromXML(xml);
}

/** Every object below `node` (children, lists, extension elements), each once. */
export function* descendants(node: ModdleNode): Generator<ModdleNode> {
  const seen = new Set<unknown>([node]);
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (!current || typeof current !== 'object') continue;
    for (const [key, value] of Object.entries(current)) {
      // $parent points back up; references (sourceRef, targetRef…) point sideways to nodes seen anyway.
      if (key === '$parent' || key === '$descriptor' || key === '$model') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && '$type' in child && !seen.has(child)) {
          seen.add(child);
          stack.push(child);
          yield child as ModdleNode;
        }
      }
    }
  }
}
