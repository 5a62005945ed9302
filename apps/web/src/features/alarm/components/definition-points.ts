import { type AlarmDefinition, DEVICE_MODELS, type DeviceType, type Lang } from '@ess/contract';

export type PointOption = { value: string; label: string };

/**
 * The points a definition may watch on devices of a type: the union of that type's models in
 * the catalogue, named in the interface language (code beside the name).
 */
export function pointOptions(type: DeviceType | null | undefined, lang: Lang): PointOption[] {
  if (!type) return [];
  const seen = new Map<string, PointOption>();
  for (const m of DEVICE_MODELS) {
    if (m.type !== type) continue;
    for (const p of m.points) {
      if (!seen.has(p.code)) seen.set(p.code, { value: p.code, label: `${p.names[lang]} (${p.code})` });
    }
  }
  return [...seen.values()];
}

/** A point's unit from the catalogue (null for status points and unknown codes). */
export function pointUnit(type: DeviceType | null | undefined, code: string | null): string | null {
  if (!code) return null;
  for (const m of DEVICE_MODELS) {
    if (type && m.type !== type) continue;
    const p = m.points.find((q) => q.code === code);
    if (p) return p.unit;
  }
  return null;
}

/** A point's name in the interface language, else its code. */
export function pointName(type: DeviceType | null | undefined, code: string, lang: Lang): string {
  for (const m of DEVICE_MODELS) {
    if (type && m.type !== type) continue;
    const p = m.points.find((q) => q.code === code);
    if (p) return p.names[lang];
  }
  return code;
}

/** A definition's point unit: the catalogue's unit of the watched point (issue 21 finding 9). */
export const definitionUnit = (d: Pick<AlarmDefinition, 'deviceType' | 'pointCode'>): string | null =>
  pointUnit(d.deviceType, d.pointCode);

/** A quantity of the watched point with its unit: `400 kΩ`, `2 °C`. */
export function quantityText(v: number, unit: string | null): string {
  const n = Number(v.toPrecision(10));
  return unit ? `${n} ${unit}` : String(n);
}

/** The threshold as the condition reads it, with the point's unit: `> 55 °C`, `∉ [10, 20] V`, `bit 3`, `60 s`. */
export function thresholdText(
  d: Pick<AlarmDefinition, 'condition' | 'threshold' | 'threshold2'>,
  unit: string | null = null,
): string {
  const sign = { gt: '>', ge: '≥', lt: '<', le: '≤', eq: '=', ne: '≠' } as const;
  const n = (v: number) => Number(v.toPrecision(10));
  const u = unit ? ` ${unit}` : '';
  if (d.condition === 'outside') return `∉ [${n(d.threshold)}, ${d.threshold2 === null ? '-' : n(d.threshold2)}]${u}`;
  if (d.condition === 'bit') return `bit ${d.threshold}`;
  if (d.condition === 'nodata') return `${d.threshold} s`;
  return `${sign[d.condition]} ${n(d.threshold)}${u}`;
}
