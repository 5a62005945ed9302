import { Timers } from 'bpmn-elements';
import { Engine } from 'bpmn-engine';

/** An instance after a step: its state to store and the user tasks waiting now. */
export type EngineStep = { state: unknown; activeNodeIds: string[]; ended: boolean };

/** A user task's completion: the route flag its conditional flows read (`${content.output.<route>}`). */
export type EngineSignal = { nodeId: string; route: string };

// Timers are not run in the engine: an instance lives in memory only for one step, and SLA
// deadlines are the platform's own (wo_order.sla_due_at on the platform clock).
const noTimers = new Timers({
  setTimeout: (() => undefined) as unknown as typeof setTimeout,
  clearTimeout: () => undefined,
});

function waiting(execution: Awaited<ReturnType<Engine['execute']>>): string[] {
  return execution
    .getPostponed()
    .filter((a) => a.type === 'bpmn:UserTask')
    .map((a) => a.id);
}

async function settle(engine: Engine, execution: Awaited<ReturnType<Engine['execute']>>): Promise<EngineStep> {
  const activeNodeIds = waiting(execution);
  const state = await engine.getState();
  // stop() of an engine that has run to its end never settles; a waiting one must stop.
  if (activeNodeIds.length > 0) await engine.stop();
  return { state, activeNodeIds, ended: activeNodeIds.length === 0 };
}

/**
 * Runs instances of BPMN definitions on bpmn-engine, one step at a time: a step recovers the
 * stored state, signals the waiting task and returns the new state. Nothing is kept between
 * steps, so any instance of the server can take the next one, and repeating a step whose
 * result was not committed gives the same result.
 */
export const processEngine = {
  async start(name: string, xml: string): Promise<EngineStep> {
    const engine = new Engine({ name, source: xml, timers: noTimers });
    const execution = await engine.execute();
    return settle(engine, execution);
  },

  async step(name: string, state: unknown, signal: EngineSignal): Promise<EngineStep> {
    const engine = new Engine({ name, timers: noTimers }).recover(structuredClone(state));
    const execution = await engine.resume();
    if (!waiting(execution).includes(signal.nodeId)) {
      if (execution.isRunning) await engine.stop();
      throw new Error(`node ${signal.nodeId} is not waiting`);
    }
    execution.signal({ id: signal.nodeId, [signal.route]: true });
    return settle(engine, execution);
  },
};
