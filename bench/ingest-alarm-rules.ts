import { alarmDefinitions } from '../apps/server/src/db/alarm-schema';
import type { Database } from '../apps/server/src/db/client';
import { AlarmEngine } from '../apps/server/src/domains/alarms/alarm/alarm-engine';
import type { TelemetryLog, TelemetryRuntime } from '../apps/server/src/domains/telemetry/telemetry/telemetry-runtime';
import type { TelemetryBus } from '../apps/server/src/kernel/telemetry-bus';
import type { BenchStation } from './ingest-setup';

/**
 * `count` one-device alarm rules over the bench devices' points (round robin, so every point
 * carries about count / (devices × points) rules), with limits the load never reaches, and the
 * alarm engine evaluating them on every committed batch, as the server runs it.
 */
export async function startAlarmRules(
  database: Database,
  bus: TelemetryBus,
  telemetry: TelemetryRuntime,
  station: BenchStation,
  count: number,
  log: TelemetryLog,
): Promise<AlarmEngine> {
  const slots = station.devices.flatMap((d) => station.codes.map((code) => ({ deviceId: d.id, code })));
  const rows = Array.from({ length: count }, (_, i) => {
    const slot = slots[i % slots.length] ?? { deviceId: 0, code: '' };
    return {
      name: `bench rule ${i}`,
      deviceId: slot.deviceId,
      pointCode: slot.code,
      condition: i % 2 === 0 ? ('gt' as const) : ('lt' as const),
      threshold: i % 2 === 0 ? 99_999_999 : -99_999_999,
      holdSeconds: 0,
      deadband: 0,
      level: 3,
      content: '{device} {point} {value}',
      enabled: true,
    };
  });
  for (let i = 0; i < rows.length; i += 2_000) {
    await database.db.insert(alarmDefinitions).values(rows.slice(i, i + 2_000));
  }
  const engine = new AlarmEngine({ db: database.db, bus, log, snapshot: () => telemetry.registry.snapshot });
  await engine.start();
  return engine;
}
