import type { AlarmCondition, AlarmLevel, DeviceType } from '@ess/contract';

/** A definition with a station's override applied: what the engine checks for one device. */
export type EffectiveRule = {
  definitionId: number;
  name: string;
  pointCode: string;
  condition: AlarmCondition;
  threshold: number;
  threshold2: number | null;
  holdSeconds: number;
  deadband: number;
  level: AlarmLevel;
  content: string;
  enabled: boolean;
};

export type DefinitionRow = Omit<EffectiveRule, 'enabled'> & {
  enabled: boolean;
  deviceId: number | null;
  deviceType: DeviceType | null;
};

export type OverrideRow = {
  stationId: number;
  definitionId: number;
  threshold: number | null;
  threshold2: number | null;
  level: AlarmLevel | null;
  enabled: boolean | null;
};

/** The station's override over the group's definition (null fields keep the group value). */
export function effectiveRule(d: DefinitionRow, o: OverrideRow | undefined): EffectiveRule {
  return {
    definitionId: d.definitionId,
    name: d.name,
    pointCode: d.pointCode,
    condition: d.condition,
    threshold: o?.threshold ?? d.threshold,
    threshold2: o?.threshold2 ?? d.threshold2,
    holdSeconds: d.holdSeconds,
    deadband: d.deadband,
    level: o?.level ?? d.level,
    content: d.content,
    enabled: o?.enabled ?? d.enabled,
  };
}

const bitSet = (value: number, bit: number): boolean =>
  Number.isInteger(value) && Math.floor(Math.abs(value) / 2 ** bit) % 2 === 1;

/** True when the value is in alarm (conditions on values; `nodata` is timed, never true here). */
export function inAlarm(r: Pick<EffectiveRule, 'condition' | 'threshold' | 'threshold2'>, v: number): boolean {
  const t = r.threshold;
  switch (r.condition) {
    case 'gt':
      return v > t;
    case 'ge':
      return v >= t;
    case 'lt':
      return v < t;
    case 'le':
      return v <= t;
    case 'eq':
      return v === t;
    case 'ne':
      return v !== t;
    case 'outside':
      return v < t || (r.threshold2 !== null && v > r.threshold2);
    case 'bit':
      return bitSet(v, t);
    case 'nodata':
      return false;
  }
}

/**
 * True when an active alarm recovers: the value is back past the limit by the deadband, so a value
 * hovering at the limit does not flap (gt 50, deadband 2: recovered at 48 or below; lt 10,
 * deadband 1: at 11 or above). With no deadband it is simply the condition no longer holding.
 */
export function recovered(
  r: Pick<EffectiveRule, 'condition' | 'threshold' | 'threshold2' | 'deadband'>,
  v: number,
): boolean {
  const t = r.threshold;
  const db = r.deadband;
  switch (r.condition) {
    case 'gt':
      return v <= t - db;
    case 'ge':
      return v < t - db;
    case 'lt':
      return v >= t + db;
    case 'le':
      return v > t + db;
    case 'eq':
      return Math.abs(v - t) > db;
    case 'ne':
      return Math.abs(v - t) <= db;
    case 'outside':
      return v >= t + db && (r.threshold2 === null || v <= r.threshold2 - db);
    case 'bit':
      return !bitSet(v, t);
    case 'nodata':
      return true;
  }
}

/** The limit an event reports: the upper one when an `outside` value is above the range. */
export function crossedLimit(r: Pick<EffectiveRule, 'condition' | 'threshold' | 'threshold2'>, v: number): number {
  if (r.condition === 'outside' && r.threshold2 !== null && v > r.threshold2) return r.threshold2;
  return r.threshold;
}

/** Fills the template's placeholders. */
export function alarmContent(
  template: string,
  p: { device: string; point: string; value: string; limit: string; station: string },
): string {
  return template
    .replaceAll('{device}', p.device)
    .replaceAll('{point}', p.point)
    .replaceAll('{value}', p.value)
    .replaceAll('{limit}', p.limit)
    .replaceAll('{station}', p.station);
}

/** What raised an event: at most one active event per key (the unique index alarm_event_active). */
export const ruleKey = (definitionId: number, deviceId: number) => `rule:${definitionId}:${deviceId}`;
export function parseRuleKey(key: string): { definitionId: number; deviceId: number } | null {
  const m = /^rule:(\d+):(\d+)$/.exec(key);
  return m ? { definitionId: Number(m[1]), deviceId: Number(m[2]) } : null;
}
export const offlineKey = (deviceId: number) => `offline:${deviceId}`;
export const lostKey = (stationId: number) => `lost:${stationId}`;
