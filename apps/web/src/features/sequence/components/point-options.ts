import {
  CHECK_OPS,
  DEVICE_MODELS,
  DEVICE_TYPE_NAMES,
  type DeviceType,
  type Lang,
  SEQUENCE_DEVICE_TYPES,
} from '@ess/contract';
import type { TFunction } from 'i18next';

type Option<V> = { value: V; label: string };

export const deviceTypeOptions = (lang: Lang): Option<DeviceType>[] =>
  SEQUENCE_DEVICE_TYPES.map((t) => ({ value: t, label: DEVICE_TYPE_NAMES[t][lang] }));

/** Points of a device type's models (the catalogue), named in the interface language. */
export function pointOptions(type: DeviceType | undefined, lang: Lang, commandable: boolean): Option<string>[] {
  if (!type) return [];
  const seen = new Map<string, string>();
  for (const m of DEVICE_MODELS.filter((d) => d.type === type)) {
    for (const p of m.points) {
      if (commandable && p.kind !== 'control' && p.kind !== 'setpoint') continue;
      if (!seen.has(p.code)) seen.set(p.code, `${p.names[lang]} (${p.code})`);
    }
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

export const checkOpOptions = (t: TFunction) => CHECK_OPS.map((op) => ({ value: op, label: t(`sequence.op.${op}`) }));
