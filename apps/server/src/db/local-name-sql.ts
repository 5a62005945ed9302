import type { Lang } from '@ess/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A row's name in `lang`: its `names` entry for that language, else the Chinese one, else the
 * stored `name` — the rule of `localName` (modules/device/local-name.ts), in SQL, so every query
 * that shows a seeded device or alarm definition reads it in the request's language.
 */
export const nameIn = (t: { name: AnyColumn; names: AnyColumn }, lang: Lang): SQL<string> =>
  sql<string>`coalesce(nullif(${t.names} ->> ${lang}, ''), nullif(${t.names} ->> 'zh_CN', ''), ${t.name})`;
