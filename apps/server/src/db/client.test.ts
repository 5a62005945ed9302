import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';

let database: Database;
let raw: PGlite;

beforeAll(async () => {
  database = await openDatabase({ dataDir: undefined });
  if (database.raw.kind !== 'pglite') throw new Error('PGlite expected');
  raw = database.raw.client;
});
afterAll(() => database?.close());

/** How many of `n` queued calls finished before a timer set when they were queued fired. */
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

const nap = 'select pg_sleep(0.002)';

// The embedded database only: on a server (DATABASE_URL) CI runs it again on PGlite (pg-suite.ts).
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database under queued calls', () => {
  it('lets the event loop turn between queued calls (sockets, timers are not held back)', async () => {
    // 60 naps of 2 ms are over twice a 50 ms slice: the timer fires after the first slice.
    const n = 60;
    expect(await doneBeforeTimer(() => database.db.execute(sql.raw(nap)), n)).toBeLessThanOrEqual(n / 2);
    expect(await doneBeforeTimer(() => raw.query(nap), n)).toBeLessThanOrEqual(n / 2);
    // A bare instance runs the same queue through in one turn: what the turns are for.
    const bare = new PGlite();
    await bare.waitReady;
    try {
      expect(await doneBeforeTimer(() => bare.query(nap), n)).toBe(n);
    } finally {
      await bare.close();
    }
    // A fresh PGlite starts its WASM from nothing: over a minute on a loaded 2-core machine.
  }, 180_000);

  it("runs requests' calls before the ingest's that wait less than the bound", async () => {
    // A fresh slice: within one, the first queued call would start at once, whoever's it is.
    await new Promise((r) => setTimeout(r, 60));
    const order: string[] = [];
    const ingest = Array.from({ length: 10 }, (_, i) => raw.query(nap).then(() => order.push(`ingest ${i}`)));
    const requests = Array.from({ length: 10 }, (_, i) =>
      database.db.execute(sql.raw(nap)).then(() => order.push(`request ${i}`)),
    );
    const started = performance.now();
    await Promise.all([...ingest, ...requests]);
    // Queued after the ingest's, a request still goes first; each side keeps its own order.
    expect(order[0]).toBe('request 0');
    expect(order.filter((o) => o.startsWith('request'))).toEqual(Array.from({ length: 10 }, (_, i) => `request ${i}`));
    expect(order.filter((o) => o.startsWith('ingest'))).toEqual(Array.from({ length: 10 }, (_, i) => `ingest ${i}`));
    // All requests before any ingest call, unless the ingest's waited the 200 ms bound (a loaded machine).
    if (performance.now() - started < 200) expect(order.slice(0, 10).every((o) => o.startsWith('request'))).toBe(true);
  });

  it('keeps the order and the answers of queued calls, and transactions whole', async () => {
    const values = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db
          .execute(sql`select ${i}::int as v`)
          .then((r) => (r as unknown as { rows: { v: number }[] }).rows[0]?.v),
      ),
    );
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const inTx = await raw.transaction(async (tx) => {
      await tx.query('create temp table t (v int)');
      await tx.query('insert into t values (1), (2)');
      return (await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0]?.n;
    });
    expect(inTx).toBe(2);
  });
});
