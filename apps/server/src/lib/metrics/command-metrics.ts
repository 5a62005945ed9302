import type { CommandState } from '@ess/contract';
import { Counter, type Registry } from 'prom-client';
import type { CommandService } from '../../domains/control/command';
import type { TelemetryBus } from '../../kernel/telemetry-bus';

/** Settled commands waiting for their row on the bus; bounded in case a row is never pushed. */
const MAX_AWAITING = 1000;

/**
 * `ess_commands_total{kind,state}`: commands this instance settled, by kind and final state.
 * The settle listener says which commands this instance settled (never another instance's,
 * which the cluster relay also puts on the bus); the `command` row that follows names the kind.
 * Returns the remover of its listeners.
 */
export function commandMetrics(register: Registry, commands: CommandService, bus: TelemetryBus): () => void {
  const settled = new Counter({
    name: 'ess_commands_total',
    help: 'Commands settled by this instance, by kind and final state',
    labelNames: ['kind', 'state'],
    registers: [register],
  });
  const awaiting = new Map<number, CommandState>();
  const offSettled = commands.onSettled((c) => {
    awaiting.set(c.id, c.state);
    if (awaiting.size > MAX_AWAITING) {
      const oldest = awaiting.keys().next().value;
      if (oldest !== undefined) awaiting.delete(oldest);
    }
  });
  const offBus = bus.on('command', ({ command }) => {
    const state = awaiting.get(command.id);
    if (state === undefined || command.state !== state) return;
    awaiting.delete(command.id);
    settled.inc({ kind: command.kind, state });
  });
  return () => {
    offSettled();
    offBus();
  };
}
