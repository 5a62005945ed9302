import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import type { TelemetryRuntime } from '../../telemetry/telemetry';

/**
 * After devices or their points changed (committed): tells every listener (live totals, alarm
 * engine, other instances through the cluster relay) and waits for this instance's ingest
 * registry to hold the change, so a device may publish as soon as the call answered.
 */
export async function devicesChanged(
  bus: TelemetryBus,
  telemetry: TelemetryRuntime | null,
  stationIds: Iterable<number>,
): Promise<void> {
  for (const stationId of new Set(stationIds)) bus.emit('devicesChanged', { stationId });
  await telemetry?.registry.reload();
}
