import type { Lang } from '@ess/contract';

type MaybeNames = Partial<Record<string, string>> | null | undefined;

/** A stored `names` object's text in `lang`, else Chinese (the seed's source language), else `fallback`. */
export const localName = (names: MaybeNames, lang: Lang, fallback = ''): string =>
  names?.[lang] || names?.zh_CN || fallback;

/** State labels of a status point in `lang` (value → label), or null for points without states. */
export function stateLabels(states: Record<string, MaybeNames> | null, lang: Lang): Record<string, string> | null {
  if (!states) return null;
  return Object.fromEntries(Object.entries(states).map(([value, names]) => [value, localName(names, lang, value)]));
}

/** The label of a status value, or null when the point has no label for it. */
export function stateText(states: Record<string, MaybeNames> | null, value: number, lang: Lang): string | null {
  const names = states?.[String(value)];
  return names ? localName(names, lang, String(value)) : null;
}

/** A seeded row's name (device, alarm definition) in `lang`; the SQL form is db/local-name-sql.ts. */
export const rowName = (row: { name: string; names: MaybeNames }, lang: Lang): string =>
  localName(row.names, lang, row.name);
