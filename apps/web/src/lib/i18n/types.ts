import type { zh_CN } from './locales/zh_CN';

/** The shape every locale must have: the Chinese source's keys, with string values. */
export type LocaleShape<T = typeof zh_CN> = { [K in keyof T]: T[K] extends string ? string : LocaleShape<T[K]> };
