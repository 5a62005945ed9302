import {
  type CommandPointLimits,
  type CommandValueProblem,
  commandValueProblem,
  DEVICE_MODELS,
  type Lang,
  type Names,
  type PlanCurveSegment,
  planPowerProblem,
  ResultCode,
  STATION_POWER_POINT,
} from '@ess/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, points, stations } from '../../../db/schema';
import { type MessageKey, translate } from '../../../i18n/messages';
import { AppError } from '../../../lib/app-error';

/**
 * The one check of every value sent to a device (issue 20 finding 5), on the server: the
 * contract's `commandValueProblem` against the device's stored point and its station's rated
 * power, as they are now. Remote control, the station setpoint, sequence steps (at save and at
 * run), plan curve segments (at save and at delivery) and, last, the command service itself use
 * it, so no path sends what a device would have to refuse.
 */

/** A device's point as the check needs it, with its station's rated power (kW) now. */
export type ValuePoint = CommandPointLimits & { deviceId: number; code: string; names: Names; ratedPowerKw: number };

/** The stored points of these devices (of `codes`, or all), as the check reads them: one query. */
export async function valuePointsOf(db: Db, deviceIds: number[], codes?: string[]): Promise<ValuePoint[]> {
  if (deviceIds.length === 0) return [];
  return db
    .select({
      deviceId: points.deviceId,
      code: points.code,
      names: points.names,
      kind: points.kind,
      unit: points.unit,
      min: points.min,
      max: points.max,
      states: points.states,
      ratedPowerKw: stations.ratedPowerKw,
    })
    .from(points)
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .where(and(inArray(points.deviceId, deviceIds), codes ? inArray(points.code, codes) : undefined));
}

/** A station's rated power (kW) now, null when there is no such station. */
export async function stationRatedPowerKw(db: Db, stationId: number): Promise<number | null> {
  const [row] = await db.select({ kw: stations.ratedPowerKw }).from(stations).where(eq(stations.id, stationId));
  return row?.kw ?? null;
}

/** The EMS station setpoint (`pSet`) of the catalogue: what names and bounds a plan's power when no EMS point is stored. */
const CATALOGUE_STATION_SETPOINT = DEVICE_MODELS.find((m) => m.type === 'ems')?.points.find((p) => p.code === 'pSet');
const STATION_SETPOINT_NAMES: Names = CATALOGUE_STATION_SETPOINT?.names ?? {
  zh_CN: 'pSet',
  en_US: 'pSet',
  es_ES: 'pSet',
  ja_JP: 'pSet',
};

/** The point a station's plan power is checked as: its first EMS's stored `pSet`, else the catalogue's. */
export async function stationSetpointOf(
  db: Db,
  stationId: number,
): Promise<{ limits: CommandPointLimits; names: Names }> {
  const [row] = await db
    .select({ names: points.names, kind: points.kind, unit: points.unit, min: points.min, max: points.max })
    .from(points)
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .where(and(eq(devices.stationId, stationId), eq(devices.type, 'ems'), eq(points.code, 'pSet')))
    .orderBy(devices.sort, devices.id)
    .limit(1);
  return row
    ? { limits: row, names: row.names }
    : { limits: CATALOGUE_STATION_SETPOINT ?? STATION_POWER_POINT, names: STATION_SETPOINT_NAMES };
}

const statesText = (states: Record<string, unknown> | null | undefined, values: number[], lang: Lang): string =>
  values
    .map((v) => {
      const names = states?.[String(v)] as Names | undefined;
      return names ? `${v} ${names[lang]}` : String(v);
    })
    .join(', ');

/** How a refusal names the point: by its name in a language, or by its code (messages stored for later readers). */
export type PointLabel = { code: string; names: Names | null; states?: Record<string, unknown> | null };

/**
 * The message key and parameters of a refusal. `where` null: the value is the call's own field
 * (remote control, the station setpoint); else the step, segment or device it belongs to.
 */
export function valueRefusalMessage(
  p: CommandValueProblem,
  point: PointLabel,
  where: string | null,
  lang: Lang,
): { key: MessageKey; params: Record<string, string | number> } {
  const name = point.names ? point.names[lang] : point.code;
  const at: Record<string, string> = where === null ? {} : { where };
  switch (p.problem) {
    case 'notCommand':
      return where === null
        ? { key: 'controlPointUnknown', params: { point: point.code } }
        : { key: 'commandValueAtNotCommand', params: { ...at, point: point.code } };
    case 'limit':
      return { key: where === null ? 'controlValueRange' : 'commandValueAtLimit', params: at };
    case 'state':
      return {
        key: where === null ? 'controlValueNotAState' : 'commandValueAtState',
        params: { ...at, point: name, states: statesText(point.states, p.states, lang) },
      };
    case 'range':
      return {
        key: where === null ? 'controlValueOutOfPointRange' : 'commandValueAtRange',
        params: { ...at, point: name, min: p.min, max: p.max },
      };
    case 'rated':
      return {
        key: where === null ? 'controlValueOverRated' : 'commandValueAtRated',
        params: { ...at, point: name, min: p.min, max: p.max, rated: p.ratedPowerKw },
      };
  }
}

/**
 * The 400 of a refused value, in the request's language, naming the field (`data.field`, e.g.
 * `value`, `steps[1].value`, `segments[0].powerKw`) and, in the message, where it sits.
 */
export function valueRefusal(
  p: CommandValueProblem,
  point: PointLabel,
  at: { where: string | null; field: string; data?: Record<string, unknown> },
  lang: Lang,
): AppError {
  const { key, params } = valueRefusalMessage(p, point, at.where, lang);
  return new AppError(400, ResultCode.BAD_REQUEST, key, params, { field: at.field, ...at.data });
}

/** The first value of a points command its device's points (and its station's rating) refuse, or null. */
export async function pointValuesProblem(
  db: Db,
  target: { deviceId: number },
  values: Record<string, number>,
): Promise<{ code: string; point: PointLabel; problem: CommandValueProblem } | null> {
  const codes = Object.keys(values);
  if (codes.length === 0) return null;
  const stored = await valuePointsOf(db, [target.deviceId], codes);
  for (const code of codes) {
    const point = stored.find((p) => p.code === code);
    const value = values[code] ?? Number.NaN;
    if (!point) return { code, point: { code, names: null }, problem: { problem: 'notCommand' } };
    const problem = commandValueProblem(point, value, point.ratedPowerKw);
    if (problem) return { code, point, problem };
  }
  return null;
}

/** The first segment of a plan a station may not be sent (its EMS setpoint's range, its rated power), or null. */
export async function planSegmentsProblem(
  db: Db,
  stationId: number,
  segments: readonly PlanCurveSegment[],
): Promise<{ segment: number; point: PointLabel; problem: CommandValueProblem } | null> {
  const [setpoint, rated] = await Promise.all([stationSetpointOf(db, stationId), stationRatedPowerKw(db, stationId)]);
  const found = planPowerProblem(segments, rated, setpoint.limits);
  return found ? { ...found, point: { code: 'pSet', names: setpoint.names } } : null;
}

/** The first segment of a shared plan (no station yet) no EMS could be sent: the catalogue's station setpoint, ±65,535. */
export function sharedPlanProblem(
  segments: readonly PlanCurveSegment[],
): { segment: number; point: PointLabel; problem: CommandValueProblem } | null {
  const found = planPowerProblem(segments, null, CATALOGUE_STATION_SETPOINT ?? STATION_POWER_POINT);
  return found ? { ...found, point: { code: 'pSet', names: STATION_SETPOINT_NAMES } } : null;
}

/** {where} of a plan segment (1-based), optionally at a station: "Segment 2 (08:00–12:00)". */
export function segmentWhere(
  segments: readonly PlanCurveSegment[],
  segment: number,
  lang: Lang,
  station?: string,
): string {
  const s = segments[segment - 1];
  const params = { segment, start: s?.start ?? '', end: s?.end ?? '' };
  return station === undefined
    ? translate(lang, 'planSegmentAt', params)
    : translate(lang, 'planStationSegmentAt', { ...params, station });
}

/** How the catalogue names a point of a device type (a generic step's point: no device is known yet). */
export function cataloguePoint(type: string, code: string): PointLabel {
  const def = DEVICE_MODELS.filter((m) => m.type === type)
    .flatMap((m) => m.points)
    .find((p) => p.code === code);
  return { code, names: def?.names ?? null, states: def?.states ?? null };
}
