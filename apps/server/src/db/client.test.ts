import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: undefined });
});
afterAll(() => database?.close());

/** How many of `n` queued queries finished before a timer set when they were queued fired. */
async function doneBeforeTimer(run: () => Promise<unknown>, n: number): Promise<number> {
  let done = 0;
  let atTimer = -1;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      atTimer = done;
      resolve();
    }, 0),
  );
  await Promise.all([...Array.from({ length: n }, () => run().then(() => done++)), timer]);
  return atTimer;
}

describe('PGlite under queued queries', () => {
  it('lets the event loop turn between queued queries (sockets, timers are not held back)', async () => {
    const n = 40;
    const gated = await doneBeforeTimer(() => database.db.execute(sql`select pg_sleep(0.002)`), n);
    expect(gated).toBeLessThan(n / 4);
    if (database.raw.kind !== 'pglite') return;
    const { client } = database.raw;
    // The same queue on the bare instance runs through in one turn: what the gate is for.
    expect(await doneBeforeTimer(() => client.query('select pg_sleep(0.002)'), n)).toBe(n);
  });

  it('keeps the order and the answers of queued queries', async () => {
    const values = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db
          .execute(sql`select ${i}::int as v`)
          .then((r) => (r as unknown as { rows: { v: number }[] }).rows[0]?.v),
      ),
    );
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
