import { localDateOf } from '@ess/contract';
import type { PointValues, SimStation, Simulation } from '@ess/simulator';
import { SimulationAborted, startSimulation } from '@ess/simulator';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices, points, stations } from '../db/schema';
import { tsLatest } from '../db/telemetry-schema';
import { stationTariffs, templateOn } from '../domains/monitoring/rate';
import { rotateDeviceSecret } from '../domains/stations/device';
import type { Env } from '../env';

export type DemoLog = { info: (msg: string) => void; warn: (msg: string) => void };

/** Operating stations with their timezone, TOU cut and grid connection date, as the simulator takes them. */
export async function operatingStations(db: Db): Promise<SimStation[]> {
  const rows = await db.select().from(stations).where(eq(stations.type, 'operating'));
  const tariffs = await stationTariffs(
    db,
    rows.map((s) => s.id),
  );
  const now = Date.now();
  return rows.map((s) => {
    // The cut valid today on the station's clock; a tariff taking effect later applies from the next start.
    const segments = templateOn(tariffs.get(s.id) ?? [], localDateOf(now, s.timezone))?.segments;
    return {
      id: s.id,
      code: s.code,
      type: s.type,
      ratedPowerKw: s.ratedPowerKw,
      capacityKwh: s.capacityKwh,
      latitude: s.latitude,
      longitude: s.longitude,
      timezone: s.timezone,
      ...(segments ? { touSegments: segments } : {}),
      ...(s.gridConnectionTime ? { commissioned: s.gridConnectionTime } : {}),
    };
  });
}

/**
 * The last stored value of every energy counter, by device serial (counters continue across
 * restarts), and the newest of their sample times (null: nothing stored yet, a first start).
 */
async function lastCounters(
  db: Db,
  deviceIds: number[],
): Promise<{ counters: Map<string, PointValues>; newestMs: number | null }> {
  const rows = await db
    .select({ sn: devices.sn, code: points.code, value: tsLatest.value, ts: tsLatest.ts })
    .from(tsLatest)
    .innerJoin(points, eq(points.id, tsLatest.pointId))
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .where(and(eq(points.counter, true), inArray(devices.id, deviceIds)));
  const counters = new Map<string, PointValues>();
  let newestMs: number | null = null;
  for (const r of rows) {
    counters.set(r.sn, { ...counters.get(r.sn), [r.code]: r.value });
    newestMs = Math.max(newestMs ?? 0, r.ts.getTime());
  }
  return { counters, newestMs };
}

/**
 * Where the history published before going live starts, or null for none: on the first start
 * `hours` back; on a later start the gap since the newest stored sample, as field devices resend
 * what they buffered while the platform was down — when that gap is over two intervals and
 * within `hours` (a longer outage stays a gap, as a device's buffer would overflow). So a
 * backfill cut short by a stop resumes where it got to.
 */
export function backfillStart(newestMs: number | null, hours: number, intervalMs: number, now: number): number | null {
  if (hours <= 0) return null;
  const earliest = now - hours * 3_600_000;
  if (newestMs === null) return earliest;
  return newestMs >= earliest && now - newestMs > 2 * intervalMs ? newestMs : null;
}

/** How long the first start's cell imbalance lasts: long enough to find, confirm and see recover. */
const WELCOME_FAULT_S = 20 * 60;

/** The first battery rack (or cabinet) of the first simulated station (the lowest id: Suzhou in the demo). */
export function firstRack(rows: readonly { sn: string; type: string; stationId: number | null }[]): string | false {
  const racks = rows.filter((d) => d.type === 'bms' || d.type === 'cabinet');
  racks.sort((a, b) => (a.stationId ?? 0) - (b.stationId ?? 0) || a.sn.localeCompare(b.sn));
  return racks[0]?.sn ?? false;
}

/**
 * Runs the station simulator in-process for the demo stations (`npm start`): every real device
 * of an operating station gets a fresh MQTT secret and publishes through the same broker and
 * protocol as a field device. On the first start (no stored samples yet) it first publishes
 * SIMULATOR_BACKFILL_HOURS of history through the normal ingest path, so the screens have a
 * day to show. Aborting `signal` (shutdown) ends that backfill after its current round and
 * resolves null.
 */
export async function startDemoSimulation(o: {
  env: Env;
  db: Db;
  brokerUrl: string;
  log: DemoLog;
  signal?: AbortSignal;
  /** Told which stations the simulator feeds, before their history backfill starts. */
  onStations?: (stationIds: number[]) => void;
}): Promise<Simulation | null> {
  const { env, db, log } = o;
  if (env.SIMULATOR === 'off') return null;
  const sims = await operatingStations(db);
  if (sims.length === 0) return null;
  const stationIds = sims.flatMap((s) => (s.id === undefined ? [] : [s.id]));
  o.onStations?.(stationIds);
  const real = await db
    .select({
      id: devices.id,
      sn: devices.sn,
      type: devices.type,
      stationId: devices.stationId,
      firmware: devices.firmwareVersion,
    })
    .from(devices)
    .where(
      and(
        inArray(devices.stationId, stationIds),
        inArray(devices.type, ['ems', 'pcs', 'bms', 'cabinet', 'meter', 'pv', 'charger', 'ac']),
      ),
    );
  const secrets = new Map<string, string>();
  for (const d of real) {
    const c = await rotateDeviceSecret(db, d.id);
    if (c) secrets.set(c.username, c.password);
  }
  const { counters, newestMs } = await lastCounters(
    db,
    real.map((d) => d.id),
  );
  const firstStart = newestMs === null;
  const firmware = new Map(real.map((d) => [d.sn, d.firmware]));
  const intervalMs = env.SIMULATOR_INTERVAL_S * 1000;
  const backfillFrom = backfillStart(newestMs, env.SIMULATOR_BACKFILL_HOURS, intervalMs, Date.now());
  if (backfillFrom !== null && !firstStart)
    log.info(`simulator: resending the history since ${new Date(backfillFrom).toISOString()} (platform was down)`);
  const sim = await startSimulation({
    url: o.brokerUrl,
    signal: o.signal,
    stations: sims,
    credentials: secrets,
    intervalMs,
    demoFaults: env.SIMULATOR_DEMO_FAULTS === 'on',
    includeDevice: (sn) => secrets.has(sn),
    // An upgraded device runs its new firmware after the platform restarts too.
    firmware: (sn) => firmware.get(sn) ?? undefined,
    lastCounters: (sn) => counters.get(sn),
    log,
    ...(backfillFrom !== null
      ? {
          backfill: {
            fromMs: backfillFrom,
            stepS: 300,
            onProgress: (p) =>
              log.info(
                `simulator: history ${Math.round((p.doneMs / Math.max(1, p.totalMs)) * 100)} % (${p.points} points, ${Math.round(p.pointsPerS)} points/s)`,
              ),
          },
        }
      : {}),
  }).catch((err: unknown) => {
    if (err instanceof SimulationAborted) return null;
    throw err;
  });
  if (!sim) return null;
  const faults = [...env.SIMULATOR_FAULTS];
  // The demo's faults fall on their own days and hours; a newcomer's first hour still meets one.
  const welcome = firstStart && env.SIMULATOR_DEMO_FAULTS === 'on' && faults.length === 0 && firstRack(real);
  if (welcome) faults.push({ sn: welcome, kind: 'cellOverVoltage', seconds: WELCOME_FAULT_S });
  for (const f of faults) {
    try {
      sim.injectFault(f.sn, f.kind, f.seconds);
      log.info(`simulator: ${f.kind} on ${f.sn} for ${f.seconds} s`);
    } catch (err) {
      log.warn(`simulator: no fault ${f.kind} on ${f.sn}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  for (const u of env.SIMULATOR_UPGRADES) {
    try {
      sim.setUpgradeBehaviour(u.target, u.behaviour);
    } catch (err) {
      log.warn(`simulator: no upgrade behaviour for ${u.target}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  for (const c of env.SIMULATOR_COMMANDS) {
    try {
      sim.setCommandBehaviour(c.target, c.behaviour);
    } catch (err) {
      log.warn(`simulator: no command behaviour for ${c.target}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  log.info(
    `simulator: ${secrets.size} devices of ${sims.length} stations publishing every ${env.SIMULATOR_INTERVAL_S} s${backfillFrom !== null ? ` after ${Math.round((Date.now() - backfillFrom) / 360_000) / 10} h of history` : ''} (SIMULATOR=off to stop)`,
  );
  return sim;
}
