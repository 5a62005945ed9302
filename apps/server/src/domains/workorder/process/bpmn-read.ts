import { createRequire } from 'node:module';
import type { DefinitionNode } from '../../../db/workorder-schema';

/** The part of a bpmn-moddle element (bpmn-engine's parser, shipped without types) read here. */
type ModdleElement = {
  $type: string;
  id: string;
  name?: string;
  isExecutable?: boolean;
  $attrs: Record<string, string>;
  flowElements?: ModdleElement[];
  rootElements?: ModdleElement[];
  sourceRef?: ModdleElement;
  targetRef?: ModdleElement;
  conditionExpression?: { body?: string; language?: string };
  attachedToRef?: ModdleElement;
  eventDefinitions?: (ModdleElement & { timeCycle?: unknown })[];
};
type ModdleClass = new () => { fromXML(xml: string): Promise<{ rootElement: ModdleElement }> };
const load = createRequire(import.meta.url);
const BpmnModdle = (): ModdleClass => {
  const mod = load('bpmn-moddle') as ModdleClass | { default: ModdleClass };
  return 'default' in mod ? mod.default : mod;
};

/** What the platform needs of a definition: its key, name and user tasks with their routes. */
export type ReadDefinition = { key: string; name: string; nodes: DefinitionNode[] };

/** A definition the platform cannot run, with the reason (shown after "Invalid process definition:"). */
export class DefinitionProblem extends Error {}

/** Elements that would run code or call out on the server: refused at import. */
const CODE_RUNNING = new Set(['bpmn:ScriptTask', 'bpmn:ServiceTask', 'bpmn:BusinessRuleTask', 'bpmn:SendTask']);
/** `${content.output.<route>}`: the naming rule of a conditional flow (see docs/workorders.md). */
const ROUTE = /^\$\{content\.output\.([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** An extension attribute under any prefix (camunda:, activiti:, flowable:, ess:). */
function attr(el: ModdleElement, name: string): string | null {
  for (const [k, v] of Object.entries(el.$attrs)) if (k === name || k.endsWith(`:${name}`)) return v;
  return null;
}
const list = (v: string | null): string[] =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/**
 * A boundary event must be a timer at a date or after a duration on a user task (SLA reminders
 * and escalations, ess:sla): a repeating timer or another kind of event has nothing the
 * platform would do with it.
 */
function checkBoundary(b: ModdleElement): void {
  const defs = b.eventDefinitions ?? [];
  const timer = defs.length === 1 && defs[0]?.$type === 'bpmn:TimerEventDefinition' ? defs[0] : null;
  if (!timer || timer.timeCycle)
    throw new DefinitionProblem(`boundary event ${b.id} must be a timeDate or timeDuration timer`);
  if (b.attachedToRef?.$type !== 'bpmn:UserTask')
    throw new DefinitionProblem(`boundary event ${b.id} not on a user task`);
  const sla = attr(b, 'sla');
  if (sla !== null && sla !== 'reminder' && sla !== 'overdue')
    throw new DefinitionProblem(`boundary event ${b.id}: sla="${sla}"`);
}

/**
 * Refuses a loop of flows that passes no user task: the engine would go round it at once and
 * for ever (events and gateways do not wait), holding the server's thread until its stack
 * overflows. A loop through a user task waits for a person on each round ("back" routes).
 */
function checkLoops(elements: ModdleElement[]): void {
  const next = new Map<string, string[]>();
  for (const f of elements) {
    if (f.$type !== 'bpmn:SequenceFlow' || !f.sourceRef || !f.targetRef) continue;
    if (f.sourceRef.$type === 'bpmn:UserTask' || f.targetRef.$type === 'bpmn:UserTask') continue;
    next.set(f.sourceRef.id, [...(next.get(f.sourceRef.id) ?? []), f.targetRef.id]);
  }
  // Depth-first search without recursion (a definition may be long); 1 on the path, 2 done.
  const state = new Map<string, 1 | 2>();
  for (const root of next.keys()) {
    if (state.has(root)) continue;
    const path: { id: string; i: number }[] = [{ id: root, i: 0 }];
    state.set(root, 1);
    while (path.length > 0) {
      const top = path[path.length - 1] as { id: string; i: number };
      const to = next.get(top.id)?.[top.i++];
      if (to === undefined) {
        state.set(top.id, 2);
        path.pop();
      } else if (state.get(to) === 1) {
        const from = path.findIndex((p) => p.id === to);
        const loop = [...path.slice(from).map((p) => p.id), to].join(' → ');
        throw new DefinitionProblem(`a loop without a user task: ${loop}`);
      } else if (!state.has(to)) {
        state.set(to, 1);
        path.push({ id: to, i: 0 });
      }
    }
  }
}

/**
 * Reads a BPMN 2.0 definition: exactly one executable process, no element that runs code,
 * every user task assignable, every conditional flow following the route naming rule,
 * boundary events only as timers on user tasks, and no loop that passes no user task.
 */
export async function readDefinition(xml: string): Promise<ReadDefinition> {
  let root: ModdleElement;
  try {
    root = (await new (BpmnModdle())().fromXML(xml)).rootElement;
  } catch (err) {
    throw new DefinitionProblem(`XML: ${(err as Error).message.split('\n')[0]}`);
  }
  const processes = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process' && e.isExecutable);
  if (processes.length !== 1) throw new DefinitionProblem('exactly one executable process');
  const [proc] = processes as [ModdleElement];
  const elements = proc.flowElements ?? [];
  const code = elements.find((e) => CODE_RUNNING.has(e.$type) || e.$type === 'bpmn:SubProcess');
  if (code) throw new DefinitionProblem(`${code.$type.slice(5)} ${code.id}`);
  for (const b of elements) if (b.$type === 'bpmn:BoundaryEvent') checkBoundary(b);
  checkLoops(elements);
  const tasks = elements.filter((e) => e.$type === 'bpmn:UserTask');
  if (tasks.length === 0) throw new DefinitionProblem('no user task');
  const nodes = tasks.map((t): DefinitionNode => {
    const assignee = attr(t, 'assignee');
    const candidateUsers = list(attr(t, 'candidateUsers'));
    const candidateGroups = list(attr(t, 'candidateGroups'));
    if (!assignee && candidateUsers.length === 0 && candidateGroups.length === 0) {
      throw new DefinitionProblem(`user task ${t.id} has no assignee or candidates`);
    }
    const status = Number(attr(t, 'status') ?? 2);
    const routes: Record<string, string> = {};
    for (const f of elements) {
      if (f.$type !== 'bpmn:SequenceFlow' || f.sourceRef?.id !== t.id) continue;
      if (f.conditionExpression?.language) throw new DefinitionProblem(`script condition on ${f.id}`);
      const m = ROUTE.exec(f.conditionExpression?.body?.trim() ?? '');
      if (!m?.[1] || !f.targetRef) throw new DefinitionProblem(`flow ${f.id} needs \${content.output.<action>}`);
      routes[m[1]] = f.targetRef.id;
    }
    return {
      id: t.id,
      name: t.name ?? t.id,
      status: [0, 1, 2, 3].includes(status) ? status : 2,
      assignee,
      candidateUsers,
      candidateGroups,
      routes,
    };
  });
  return { key: proc.id, name: proc.name ?? proc.id, nodes };
}

/** The ess:sla kind of each boundary event of a definition (the timer runner's notices). */
export async function slaTimersOf(xml: string): Promise<Record<string, 'reminder' | 'overdue'>> {
  const root = (await new (BpmnModdle())().fromXML(xml)).rootElement;
  const out: Record<string, 'reminder' | 'overdue'> = {};
  for (const proc of root.rootElements ?? []) {
    for (const e of proc.flowElements ?? []) {
      const sla = e.$type === 'bpmn:BoundaryEvent' ? attr(e, 'sla') : null;
      if (sla === 'reminder' || sla === 'overdue') out[e.id] = sla;
    }
  }
  return out;
}
