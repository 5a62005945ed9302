import { z } from 'zod';
import { COMMAND_STATES } from './command';
import {
  type CommandPointLimits,
  type CommandValueProblem,
  commandValueProblem,
  STATION_POWER_POINT,
} from './command-value';
import { controlPassword } from './control-auth';
import { CONTROL_SOURCES } from './control-source';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';
import { clockTime, epochMs, localDate } from './time-schema';

/**
 * Plan curves (计划曲线, issue 14 part 4): templates of daily segments with planned storage power
 * (kW, > 0 discharge, < 0 charge) and an SOC window, delivered to stations' EMS as `planCurve`
 * commands; the delivery history and planned versus actual power.
 */

/** Buttons of the seeded menu (menu-tree.ts): crud on /plan-curve, deliver on /plan-curve-issue. Reads need a session. */
export const PLAN_CURVE_PERMS = {
  add: 'strategicManagement:planCurve:add',
  edit: 'strategicManagement:planCurve:edit',
  delete: 'strategicManagement:planCurve:delete',
  issue: 'strategy:plan:issue',
} as const;

/** Spec 5/9: numbers in a plan lie within ±99,999,999. */
export const PLAN_VALUE_LIMIT = 99_999_999;
export const PLAN_CURVE_LIMITS = { code: 32, name: 64, segments: 96, stations: 100 } as const;

/**
 * One segment: [start, end) of every local day at `powerKw`, the battery kept within
 * [socMin, socMax] %. Numbers take any finite value here; their ranges are checked by
 * `planCurveProblem` so the form and the server give the same message.
 */
export const planCurveSegment = z.object({
  /** `HH:mm` of the station's local day; '24:00' ends the last segment. */
  start: clockTime,
  end: clockTime,
  powerKw: z.number(),
  socMax: z.number(),
  socMin: z.number(),
});
export type PlanCurveSegment = z.infer<typeof planCurveSegment>;

const fields = {
  /** The template number (编号): unique. */
  code: z.string().max(PLAN_CURVE_LIMITS.code),
  name: z.string().max(PLAN_CURVE_LIMITS.name),
  /**
   * The station the template belongs to (delivered there only, checked against its rated power
   * when saved); null: shared by every station, added and changed only by administrators.
   */
  stationId: rowId.nullable().default(null),
  segments: z.array(planCurveSegment).max(PLAN_CURVE_LIMITS.segments),
  enabled: z.boolean().default(true),
};
export const planCurveBody = z.object(fields);
export type PlanCurveBody = z.input<typeof planCurveBody>;
export const planCurveUpdateBody = z.object({ id: rowId, ...fields });
export type PlanCurveUpdateBody = z.input<typeof planCurveUpdateBody>;
export const planCurveIdBody = z.object({ id: rowId });
/** Copy a template (a shared one, to edit it) as a template of a station in the caller's scope. */
export const planCurveCopyBody = z.object({ id: rowId, stationId: rowId });
export type PlanCurveCopyBody = z.infer<typeof planCurveCopyBody>;
export const planCurveEnableBody = z.object({ id: rowId, enabled: z.boolean() });

export const PLAN_CURVE_SORTABLE = ['code', 'name', 'enabled', 'modifyTime'] as const;
export const planCurvePageBody = pageQuery(PLAN_CURVE_SORTABLE, {
  /** Matches the number or the name. */
  keyword: searchText(),
  enabled: z.boolean().optional(),
});
export type PlanCurvePageBody = z.input<typeof planCurvePageBody>;

export const planCurveTemplate = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** null: shared by every station. */
  stationId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  segments: z.array(planCurveSegment),
  enabled: z.boolean(),
  /** Whether the caller may change, enable or delete it: administrators any, others their stations' own. */
  editable: z.boolean(),
  /** Epoch ms of the last change: the version a delivery names (`modifyTime` of the deliver call). */
  modifyTime: z.number(),
  /** Real name (or login name) of who changed it last. */
  modifiedBy: z.string().nullable(),
  createTime: z.number(),
});
export type PlanCurveTemplate = z.infer<typeof planCurveTemplate>;
export const planCurvePage = pageOf(planCurveTemplate);

// ---------- validation (the same words in the form and the server) ----------

/** Why a template is refused; the server answers each in four languages (planCurve* message keys). */
export type PlanCurveProblem =
  | 'codeRequired'
  | 'nameRequired'
  | 'segmentsEmpty'
  | 'segmentOrder'
  | 'segmentsOverlap'
  | 'socRange'
  | 'socOrder'
  | 'valueRange';

/** Minutes of the day of `HH:mm` ('24:00' → 1440). */
export const planMinute = (t: string): number => {
  const [h = '0', m = '0'] = t.split(':');
  return Number(h) * 60 + Number(m);
};

const inRange = (v: number): boolean => Number.isFinite(v) && v >= -PLAN_VALUE_LIMIT && v <= PLAN_VALUE_LIMIT;
const isPct = (v: number): boolean => Number.isFinite(v) && v >= 0 && v <= 100;

/**
 * The segments of a plan: at least one; each starts before it ends (spec 5); none overlap
 * (gaps are allowed: no power there); power within ±99,999,999 kW; 0 ≤ socMin ≤ socMax ≤ 100.
 */
export function planSegmentsProblem(segments: readonly PlanCurveSegment[]): PlanCurveProblem | null {
  if (segments.length === 0) return 'segmentsEmpty';
  for (const s of segments) {
    if (planMinute(s.end) <= planMinute(s.start)) return 'segmentOrder';
    if (!inRange(s.powerKw)) return 'valueRange';
    if (!isPct(s.socMin) || !isPct(s.socMax)) return 'socRange';
    if (s.socMin > s.socMax) return 'socOrder';
  }
  const sorted = [...segments].sort((a, b) => planMinute(a.start) - planMinute(b.start));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (prev && cur && planMinute(cur.start) < planMinute(prev.end)) return 'segmentsOverlap';
  }
  return null;
}

/** Everything a template's own fields must satisfy (a unique number is the server's to check). */
export function planCurveProblem(b: { code: string; name: string; segments: readonly PlanCurveSegment[] }) {
  if (b.code.trim() === '') return 'codeRequired' as const;
  if (b.name.trim() === '') return 'nameRequired' as const;
  return planSegmentsProblem(b.segments);
}

/**
 * The first segment (1-based, in the given order) whose power a station cannot be sent: a
 * segment's power is the EMS's station power setpoint, so it passes the same check as that
 * setpoint (spec 5's ±65,535, the EMS `pSet` range when known, ± the station's rated power when
 * known). Null when every segment may be sent.
 */
export function planPowerProblem(
  segments: readonly PlanCurveSegment[],
  ratedPowerKw: number | null,
  point: CommandPointLimits = STATION_POWER_POINT,
): { segment: number; problem: CommandValueProblem } | null {
  for (const [i, s] of segments.entries()) {
    const problem = commandValueProblem(point, s.powerKw, ratedPowerKw);
    if (problem) return { segment: i + 1, problem };
  }
  return null;
}

/** The largest |power| of a plan (kW): no more than the rated power of a station it is delivered to. */
export const planMaxPowerKw = (segments: readonly PlanCurveSegment[]): number =>
  segments.reduce((m, s) => Math.max(m, Math.abs(s.powerKw)), 0);

/** The segment in force at a local minute of the day (0..1439), if any. */
export function planSegmentAt<S extends PlanCurveSegment>(segments: readonly S[], minuteOfDay: number): S | null {
  for (const s of segments) {
    if (minuteOfDay >= planMinute(s.start) && minuteOfDay < planMinute(s.end)) return s;
  }
  return null;
}

// ---------- the command (docs/device-protocol.md "planCurve") ----------

/**
 * `config` of a `planCurve` command to a station's EMS. The plan applies every local day from
 * its acceptance until another plan replaces it (or the EMS is set back to another mode); outside
 * the segments the planned power is 0.
 */
export const planCurveConfig = z.object({
  code: z.string().min(1).max(PLAN_CURVE_LIMITS.code),
  name: z.string().max(PLAN_CURVE_LIMITS.name),
  /** The template's modifyTime (epoch ms). */
  version: z.number().int(),
  segments: z.array(planCurveSegment).min(1).max(PLAN_CURVE_LIMITS.segments),
});
export type PlanCurveConfig = z.infer<typeof planCurveConfig>;

// ---------- delivery ----------

export const planDeliverBody = controlPassword.extend({
  templateId: rowId,
  stationIds: z.array(rowId).max(PLAN_CURVE_LIMITS.stations),
  /** The template version the user saw (its modifyTime); another one → "data not saved, save first". */
  modifyTime: epochMs,
});
export type PlanDeliverBody = z.input<typeof planDeliverBody>;

/**
 * A delivery as a whole: in progress while any station's command is; success when all
 * succeeded; failure when none did; partial otherwise.
 */
export const PLAN_DELIVERY_STATES = ['inProgress', 'success', 'partial', 'failure'] as const;
export type PlanDeliveryState = (typeof PLAN_DELIVERY_STATES)[number];

/**
 * A delivered plan (its command acknowledged) at a station: `executing` — the station reports the
 * plan curve in control; `notExecuting` — another source is (named beside it); `superseded` — a
 * later plan was accepted there.
 */
export const PLAN_EXECUTIONS = ['executing', 'notExecuting', 'superseded'] as const;
export type PlanExecution = (typeof PLAN_EXECUTIONS)[number];

/** One station of a delivery; state and message are the command's (a station refused before sending: failure). */
export const planDeliveryStation = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  stationCode: z.string(),
  /** The command (biz_command id); null when none was sent (no EMS, delivery in progress). */
  commandId: z.number().int().nullable(),
  state: z.enum(COMMAND_STATES),
  message: z.string().nullable(),
  sentTime: z.number().nullable(),
  resolvedTime: z.number().nullable(),
  /**
   * Whether the delivered plan runs; null until the station acknowledged it (delivered), or when
   * it failed.
   */
  execution: z.enum(PLAN_EXECUTIONS).nullable(),
  /** The station's control source now (while this plan is its newest) and since when (epoch ms). */
  controlSource: z.enum(CONTROL_SOURCES).nullable(),
  controlSince: z.number().nullable(),
});
export type PlanDeliveryStation = z.infer<typeof planDeliveryStation>;

export const planDeliveryRow = z.object({
  id: z.number().int(),
  templateId: z.number().int().nullable(),
  templateCode: z.string(),
  templateName: z.string(),
  /** The template version delivered (epoch ms). */
  templateModifyTime: z.number(),
  state: z.enum(PLAN_DELIVERY_STATES),
  issuedBy: z.string().nullable(),
  createTime: z.number(),
  /** The stations the caller may see. */
  stations: z.array(planDeliveryStation),
});
export type PlanDeliveryRow = z.infer<typeof planDeliveryRow>;

/** A delivery with the plan it carried. */
export const planDelivery = planDeliveryRow.extend({
  segments: z.array(planCurveSegment),
});
export type PlanDelivery = z.infer<typeof planDelivery>;

export const planDeliveryPageBody = pageQuery(['createTime'] as const, {
  stationId: rowId.optional(),
  templateId: rowId.optional(),
  state: z.enum(PLAN_DELIVERY_STATES).optional(),
  /** Inclusive. */
  from: epochMs.optional(),
  /** Exclusive. */
  to: epochMs.optional(),
});
export type PlanDeliveryPageBody = z.input<typeof planDeliveryPageBody>;
export const planDeliveryPage = pageOf(planDeliveryRow);
export const planDeliveryIdBody = z.object({ id: rowId });

// ---------- planned versus actual ----------

export const plannedVsActualBody = z.object({ stationId: rowId, date: localDate });
export type PlannedVsActualBody = z.input<typeof plannedVsActualBody>;

/** A plan in force during the day: from its acceptance (or the day's start) on. */
export const planInForce = z.object({
  deliveryId: z.number().int(),
  templateCode: z.string(),
  templateName: z.string(),
  /** Epoch ms the station's EMS accepted it. */
  since: z.number(),
});

/**
 * A station's local day in 96 quarter-hours: planned power from the plan in force at each step
 * (null before any delivered plan, 0 outside its segments), actual storage power (15-minute
 * averages, > 0 discharge) and SOC (%); null where there is no data.
 */
export const plannedVsActual = z.object({
  stationId: z.number().int(),
  date: z.string(),
  timezone: z.string(),
  ratedPowerKw: z.number(),
  /** Local `HH:mm` of each step's start. */
  times: z.array(z.string()),
  planned: z.array(z.number().nullable()),
  actual: z.array(z.number().nullable()),
  soc: z.array(z.number().nullable()),
  plans: z.array(planInForce),
});
export type PlannedVsActual = z.infer<typeof plannedVsActual>;
