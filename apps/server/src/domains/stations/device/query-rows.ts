import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instant } from '../../../lib/instant';

/**
 * Rows of a hand-written query. Both drivers (node-postgres and PGlite) answer `{rows}`; the
 * queries cast what they select (float8, int, text) so both parse values the same way.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** An int[] parameter, passed as an array literal so both drivers bind it the same way. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;

/** A timestamptz parameter from epoch milliseconds (a 400 naming `field` outside the platform's range: lib/instant.ts). */
export const tstz = (ms: number, field = 'time'): SQL => sql`${instant(ms, field).toISOString()}::timestamptz`;

/** Epoch milliseconds of a timestamptz expression, as float8 (rounded: exact for whole milliseconds). */
export const epochOf = (expr: SQL): SQL => sql`round(date_part('epoch', ${expr}) * 1000)`;
