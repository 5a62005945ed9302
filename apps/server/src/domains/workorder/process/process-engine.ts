import { Timers } from 'bpmn-elements';
import { Engine } from 'bpmn-engine';

/**
 * A boundary timer armed by the instance: its boundary event, the task it is attached to and
 * the absolute time it is due. The platform stores these and fires them itself (see fire()).
 */
export type ArmedTimer = { boundaryId: string; attachedTo: string; dueAt: Date };

/** An instance after a step: its state to store, the user tasks waiting now and the timers armed. */
export type EngineStep = {
  state: unknown;
  activeNodeIds: string[];
  ended: boolean;
  timers: ArmedTimer[];
  /** Boundary events that completed in this step (a timer fired, or came due while resuming). */
  completedBoundaryIds: string[];
};

/** A user task's completion: the route flag its conditional flows read (`${content.output.<route>}`). */
export type EngineSignal = { nodeId: string; route: string };

/**
 * The timeDate given to an SLA timer when the template has no SLA. An empty timeDate would
 * fire at once (bpmn-elements takes "now"), so "never" is a date no timer is recorded for.
 */
export const NEVER = '9999-12-31T23:59:59.000Z';
const NEVER_MS = Date.parse(NEVER);

/** When an order's SLA reminder and escalation are due (the template's slaHours from opening). */
export type SlaTimes = { remindAt: Date; dueAt: Date };

/** What bpmn-elements passes as a timer's owner (TimerEventDefinition's timer content). */
type TimerOwner = { id?: string; parent?: { id?: string }; attachedTo?: string; expireAt?: Date | string };
type TimerRef = {
  owner: TimerOwner | null;
  expireAt: Date;
  callback: (...args: unknown[]) => unknown;
  args: unknown[];
};

/**
 * Timers that run nothing: an instance lives in memory for one step only, so a registration is
 * just recorded (Timers.executing) and handed back as an ArmedTimer for the platform to keep.
 */
function recordingTimers(): Timers {
  return new Timers({
    setTimeout: (() => undefined) as unknown as typeof setTimeout,
    clearTimeout: () => undefined,
  });
}

function armed(timers: Timers): ArmedTimer[] {
  const out: ArmedTimer[] = [];
  for (const ref of (timers as unknown as { executing: TimerRef[] }).executing) {
    const boundaryId = ref.owner?.id;
    const attachedTo = ref.owner?.attachedTo;
    const due = new Date(ref.owner?.expireAt ?? ref.expireAt);
    if (!boundaryId || !attachedTo || Number.isNaN(due.getTime()) || due.getTime() >= NEVER_MS) continue;
    out.push({ boundaryId, attachedTo, dueAt: due });
  }
  return out;
}

type Execution = Awaited<ReturnType<Engine['execute']>>;

function waiting(execution: Execution): string[] {
  return execution
    .getPostponed()
    .filter((a) => a.type === 'bpmn:UserTask')
    .map((a) => a.id);
}

/** An engine with its own recording timers and a log of boundary events that end in it. */
function open(name: string, source?: string): { engine: Engine; timers: Timers; completed: string[] } {
  const timers = recordingTimers();
  const engine = new Engine({ name, ...(source ? { source } : {}), timers });
  const completed: string[] = [];
  // A boundary event's end message carries its event definition's type, so a timer is
  // recognised by its timeout (not a cancel) followed by the end of the same activity.
  const timedOut = new Set<string>();
  type Msg = { content?: { id?: string; state?: string } };
  engine.broker.subscribeTmp(
    'event',
    'activity.timeout',
    (_key: string, msg: Msg) => {
      if (msg.content?.id && msg.content.state === 'timeout') timedOut.add(msg.content.id);
    },
    { noAck: true },
  );
  engine.broker.subscribeTmp(
    'event',
    'activity.end',
    (_key: string, msg: Msg) => {
      if (msg.content?.id && timedOut.has(msg.content.id)) completed.push(msg.content.id);
    },
    { noAck: true },
  );
  return { engine, timers, completed };
}

async function settle(
  run: { engine: Engine; timers: Timers; completed: string[] },
  execution: Execution,
): Promise<EngineStep> {
  const activeNodeIds = waiting(execution);
  const state = await run.engine.getState();
  const timers = activeNodeIds.length > 0 ? armed(run.timers) : [];
  // stop() of an engine that has run to its end never settles; a waiting one must stop.
  if (activeNodeIds.length > 0) await run.engine.stop();
  return { state, activeNodeIds, ended: activeNodeIds.length === 0, timers, completedBoundaryIds: [...run.completed] };
}

/**
 * Runs instances of BPMN definitions on bpmn-engine, one step at a time: a step recovers the
 * stored state, signals the waiting task (or fires a due timer) and returns the new state with
 * the timers armed now. Nothing is kept between steps, so any instance of the server can take
 * the next one, and repeating a step whose result was not committed gives the same result.
 * Timers never run in the engine: SLA boundary timers are recorded and fired by the platform's
 * timer runner on its own clock (a timer already past due on the engine clock completes while
 * resuming, which the step reports in completedBoundaryIds).
 */
export const processEngine = {
  /**
   * Starts an instance. `sla` gives the absolute times of the SLA timers (slaRemindAt,
   * slaDueAt, read by the definitions' boundary timers); without it they are NEVER.
   */
  async start(name: string, xml: string, sla: SlaTimes | null = null): Promise<EngineStep> {
    const run = open(name, xml);
    const variables = {
      slaRemindAt: sla ? sla.remindAt.toISOString() : NEVER,
      slaDueAt: sla ? sla.dueAt.toISOString() : NEVER,
    };
    const execution = await run.engine.execute({ variables });
    return settle(run, execution);
  },

  async step(name: string, state: unknown, signal: EngineSignal): Promise<EngineStep> {
    const run = open(name);
    run.engine.recover(structuredClone(state));
    const execution = await run.engine.resume();
    if (!waiting(execution).includes(signal.nodeId)) {
      if (execution.isRunning) await run.engine.stop();
      throw new Error(`node ${signal.nodeId} is not waiting`);
    }
    execution.signal({ id: signal.nodeId, [signal.route]: true });
    return settle(run, execution);
  },

  /**
   * Fires the armed timer of a boundary event: recovers, resumes and runs that timer's callback.
   * A timer that is no longer armed (its task was left, or it fired already) is not an error:
   * the step comes back without that boundary event among the completed ones.
   */
  async fire(name: string, state: unknown, boundaryId: string): Promise<EngineStep> {
    const run = open(name);
    run.engine.recover(structuredClone(state));
    const execution = await run.engine.resume();
    const refs = (run.timers as unknown as { executing: TimerRef[] }).executing;
    const ref = refs.find((r) => r.owner?.id === boundaryId);
    if (ref) {
      run.timers.clearTimeout(ref as never);
      ref.callback(...ref.args);
    }
    return settle(run, execution);
  },
};
