import { DEVICE_MODELS, type DeviceType, type Lang } from '@ess/contract';
import { useCallback } from 'react';
import { useLang } from '@/lib/i18n/use-lang';

/**
 * The label of a status point's value from the device catalogue (e.g. PCS runState 2 →
 * "Discharging"), so a state that arrives over the socket reads like the API's `…Text`.
 */
export function stateLabel(type: DeviceType, code: string, value: number | null, lang: Lang): string | null {
  if (value === null) return null;
  for (const model of DEVICE_MODELS) {
    if (model.type !== type) continue;
    const names = model.points.find((p) => p.code === code)?.states?.[String(value)];
    if (names) return names[lang];
  }
  return null;
}

export function useStateLabel(): (type: DeviceType, code: string, value: number | null) => string | null {
  const lang = useLang();
  return useCallback((type, code, value) => stateLabel(type, code, value, lang), [lang]);
}
