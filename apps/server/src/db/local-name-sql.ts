import type { Lang } from '@ess/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A table with a stored name and its `names` per language (columns, or a subquery's `sql` references). */
type NamedRow = { name: AnyColumn | SQL; names: AnyColumn | SQL };

/**
 * A row's name in `lang`: its `names` entry for that language, else the Chinese one, else the
 * stored `name` — the rule of `localName` (domains/stations/device/local-name.ts), in SQL, so every query
 * that shows a seeded device or alarm definition reads it in the request's language.
 */
export const nameIn = (t: NamedRow, lang: Lang): SQL<string> =>
  sql<string>`coalesce(nullif(${t.names} ->> ${lang}, ''), nullif(${t.names} ->> 'zh_CN', ''), ${t.name})`;

/**
 * The row's name matches the ILIKE `pattern` in any language: the stored name or any of its
 * `names` values (not their language keys), so a keyword typed in the reader's language finds a
 * seeded row.
 */
export const nameMatches = (t: NamedRow, pattern: string): SQL =>
  sql`(${t.name} ilike ${pattern} or exists (select 1 from jsonb_each_text(${t.names}) as n where n.value ilike ${pattern}))`;
