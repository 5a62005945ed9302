import {
  CONTROL_SINCE_POINT,
  CONTROL_SOURCE_POINT,
  type ControlSource,
  controlSourceOf,
  type Lang,
  PLAN_ACCEPTANCE,
} from '@ess/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import { devices, points } from '../../../db/schema';
import { sequenceRuns } from '../../../db/sequence-schema';
import { tsLatest } from '../../../db/telemetry-schema';
import type { MessageKey } from '../../../i18n/messages';

/** A device's reported control source (docs/control-precedence.md) and since when (epoch ms). */
export type DeviceControl = {
  deviceId: number;
  deviceName: string;
  type: string;
  source: ControlSource | null;
  since: number | null;
};

/** What decides a station's power now, as its devices report it and the platform knows (sequence runs). */
export type StationControl = {
  /** The EMS's report: the station's source (null without an EMS or before its first report). */
  ems: DeviceControl | null;
  units: DeviceControl[];
  sequenceRunning: boolean;
};

const CONTROLLED = ['ems', 'pcs', 'cabinet'] as const;

/**
 * The latest control source of every EMS and storage unit of these stations, and their running
 * sequences; devices named in `lang` (callers that show no name take the default).
 */
export async function stationControls(
  db: Db,
  stationIds: number[],
  lang: Lang = 'zh_CN',
): Promise<Map<number, StationControl>> {
  const out = new Map<number, StationControl>();
  if (stationIds.length === 0) return out;
  for (const id of stationIds) out.set(id, { ems: null, units: [], sequenceRunning: false });
  const [rows, values, runs] = await Promise.all([
    db
      .select({ id: devices.id, stationId: devices.stationId, name: nameIn(devices, lang), type: devices.type })
      .from(devices)
      .where(and(inArray(devices.stationId, stationIds), inArray(devices.type, [...CONTROLLED])))
      .orderBy(asc(devices.sort), asc(devices.id)),
    db
      .select({ deviceId: points.deviceId, code: points.code, value: tsLatest.value })
      .from(points)
      .innerJoin(devices, eq(devices.id, points.deviceId))
      .innerJoin(tsLatest, eq(tsLatest.pointId, points.id))
      .where(
        and(inArray(devices.stationId, stationIds), inArray(points.code, [CONTROL_SOURCE_POINT, CONTROL_SINCE_POINT])),
      ),
    db
      .select({ stationId: sequenceRuns.stationId })
      .from(sequenceRuns)
      .where(and(inArray(sequenceRuns.stationId, stationIds), eq(sequenceRuns.state, 'running'))),
  ]);
  const reported = (deviceId: number, code: string) =>
    values.find((v) => v.deviceId === deviceId && v.code === code)?.value ?? null;
  for (const d of rows) {
    const c = out.get(d.stationId);
    if (!c) continue;
    const since = reported(d.id, CONTROL_SINCE_POINT);
    const control: DeviceControl = {
      deviceId: d.id,
      deviceName: d.name,
      type: d.type,
      source: controlSourceOf(reported(d.id, CONTROL_SOURCE_POINT)),
      since: since === null ? null : since * 1000,
    };
    if (d.type !== 'ems') c.units.push(control);
    else if (!c.ems) c.ems = control;
  }
  for (const r of runs) {
    const c = out.get(r.stationId);
    if (c) c.sequenceRunning = true;
  }
  return out;
}

/** The station's source with the platform's knowledge: a sequence run in progress outranks what the EMS says. */
export const effectiveSource = (c: StationControl): ControlSource | null =>
  c.sequenceRunning ? 'sequence' : (c.ems?.source ?? null);

/** Why the station would refuse a plan now (control precedence), or null. */
export function planRefusal(c: StationControl): MessageKey | null {
  const source = effectiveSource(c);
  if (source === null || PLAN_ACCEPTANCE[source] !== 'refuses') return null;
  return source === 'sequence' ? 'planRefusedSequence' : 'planRefusedLocal';
}

const released = (d: DeviceControl) => d.source !== null && PLAN_ACCEPTANCE[d.source] === 'releases';

/**
 * The devices whose source an accepted plan clears: the units on a setpoint (a station `pSet`
 * puts every unit on it), or the EMS alone when it reports one and no unit does.
 */
export function planReleases(c: StationControl): DeviceControl[] {
  const units = c.units.filter(released);
  return units.length > 0 || !c.ems || !released(c.ems) ? units : [c.ems];
}
