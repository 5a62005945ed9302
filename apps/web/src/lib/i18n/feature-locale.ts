import type { Lang } from '@ess/contract';
import type { LocaleShape } from './types';

/**
 * A feature's own texts in the four languages, under the feature's own top-level key (e.g.
 * `{ history: {...} }`), so features add strings without touching each other's files. The
 * other languages must have exactly the Chinese source's keys (`LocaleShape`).
 */
export type FeatureLocale<T> = { zh_CN: T } & { [L in Exclude<Lang, 'zh_CN'>]: LocaleShape<T> };

export const defineLocale = <T>(locale: FeatureLocale<T>): FeatureLocale<T> => locale;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The app's resources: the shared texts plus every feature's, per language. */
export function combineLocales<P extends FeatureLocale<object>[]>(
  ...parts: P
): { [L in Lang]: UnionToIntersection<P[number]['zh_CN']> } {
  const out = { zh_CN: {}, en_US: {}, es_ES: {}, ja_JP: {} };
  for (const p of parts) for (const l of Object.keys(out) as Lang[]) Object.assign(out[l], p[l]);
  return out as { [L in Lang]: UnionToIntersection<P[number]['zh_CN']> };
}
