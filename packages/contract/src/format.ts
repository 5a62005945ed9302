/**
 * Number formatting of spec 9, shared by every screen and export: units switch up at the
 * spec's thresholds, energy keeps 1 decimal, money and weight 2.
 */
import type { Lang } from './i18n';

export type Formatted = { value: string; unit: string };

const LOCALE: Record<Lang, string> = { zh_CN: 'zh-CN', en_US: 'en-US', es_ES: 'es-ES', ja_JP: 'ja-JP' };

// Building an Intl.NumberFormat costs far more than formatting with one (tables and live
// tiles format thousands of numbers), so one formatter per language and decimals is kept.
const FORMATTERS = new Map<string, Intl.NumberFormat>();

export function formatNumber(v: number, decimals: number, lang: Lang): string {
  const key = `${lang}:${decimals}`;
  let nf = FORMATTERS.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    FORMATTERS.set(key, nf);
  }
  return nf.format(v);
}

/** Power and energy units that switch to their ×1000 unit at 10,000 (spec 9). */
const SCALED = { kWh: 'MWh', kW: 'MW', kVar: 'MVar', kWp: 'MWp' } as const;
export type ScaledUnit = keyof typeof SCALED;
export const ENERGY_SWITCH = 10_000;

/** kWh → MWh (kW → MW, kVar → MVar, kWp → MWp) at 10,000 or more; 1 decimal by default. */
export function formatEnergy(v: number, unit: ScaledUnit, lang: Lang, decimals = 1): Formatted {
  if (Math.abs(v) >= ENERGY_SWITCH) return { value: formatNumber(v / 1000, decimals, lang), unit: SCALED[unit] };
  return { value: formatNumber(v, decimals, lang), unit };
}

export const MONEY_SWITCH = 10_000;

/**
 * Money in yuan. Chinese and Japanese switch to 万元 (÷10,000) at 10,000. English and
 * Spanish have no 万: they switch to k RMB at 10,000 and M RMB at 1,000,000, so the number
 * next to the unit is always right.
 */
export function formatMoney(v: number, lang: Lang, decimals = 2): Formatted {
  const abs = Math.abs(v);
  // Japanese writes RMB as 元 and counts in 万 too.
  if (lang === 'zh_CN' || lang === 'ja_JP') {
    return abs >= MONEY_SWITCH
      ? { value: formatNumber(v / 10_000, decimals, lang), unit: '万元' }
      : { value: formatNumber(v, decimals, lang), unit: '元' };
  }
  if (abs >= 1_000_000) return { value: formatNumber(v / 1_000_000, decimals, lang), unit: 'M RMB' };
  if (abs >= MONEY_SWITCH) return { value: formatNumber(v / 1000, decimals, lang), unit: 'k RMB' };
  return { value: formatNumber(v, decimals, lang), unit: 'RMB' };
}

export const WEIGHT_SWITCH = 1000;
const TONNE: Record<Lang, string> = { zh_CN: '吨', en_US: 'T', es_ES: 'T', ja_JP: 'トン' };

/** kg → 吨 (T) at 1,000 kg; 2 decimals by default. */
export function formatWeight(kg: number, lang: Lang, decimals = 2): Formatted {
  if (Math.abs(kg) >= WEIGHT_SWITCH) return { value: formatNumber(kg / 1000, decimals, lang), unit: TONNE[lang] };
  return { value: formatNumber(kg, decimals, lang), unit: 'kg' };
}

const LISTS = new Map<Lang, Intl.ListFormat>();

/** Names as the language lists them: "A, B, and C", "A、B和C", "A, B y C", "A、B、C". */
export function formatList(items: readonly string[], lang: Lang): string {
  let lf = LISTS.get(lang);
  if (!lf) {
    lf = new Intl.ListFormat(LOCALE[lang], { type: 'conjunction', style: 'long' });
    LISTS.set(lang, lf);
  }
  return lf.format(items);
}

const PREFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** 1234 → "1.2k", 5.6e9 → "5.6G" (spec 9 number shortener). */
export function shortenNumber(v: number, decimals = 1): string {
  let i = 0;
  let x = Math.abs(v);
  while (x >= 1000 && i < PREFIXES.length - 1) {
    x /= 1000;
    i++;
  }
  const rounded = Number(x.toFixed(decimals));
  // 999.96 rounds to 1000.0: carry into the next prefix.
  if (rounded >= 1000 && i < PREFIXES.length - 1) {
    x = rounded / 1000;
    i++;
  }
  const text = i === 0 ? String(Number(x.toFixed(decimals))) : `${Number(x.toFixed(decimals))}${PREFIXES[i]}`;
  return v < 0 ? `-${text}` : text;
}

export type RelativeTime = { unit: 'justNow' | 'minutes' | 'hours' | 'days'; count: number };

/** How long ago, in minutes, hours or days (spec 9); the caller words it in its language. */
export function relativeTime(thenMs: number, nowMs: number): RelativeTime {
  const minutes = Math.floor(Math.max(0, nowMs - thenMs) / 60_000);
  if (minutes < 1) return { unit: 'justNow', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
