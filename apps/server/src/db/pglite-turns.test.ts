import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteTurns } from './pglite-turns';

let bare: PGlite;

beforeAll(async () => {
  bare = new PGlite();
  await bare.waitReady;
});
afterAll(() => bare?.close());

describe('PgliteTurns', () => {
  it("lets the ingest's call go first once it waited the bound, then requests again", async () => {
    let now = 0;
    const turns = new PgliteTurns(100, () => now);
    const requests = turns.wrap(bare, false);
    const ingest = turns.wrap(bare, true);
    const order: string[] = [];
    const first = ingest.query('select 1').then(() => order.push('ingest'));
    // Queued while the ingest's call has waited 100 ms (the bound): it goes first.
    now = 100;
    const r = [1, 2].map((i) => requests.query('select 1').then(() => order.push(`request ${i}`)));
    await Promise.all([first, ...r]);
    expect(order).toEqual(['ingest', 'request 1', 'request 2']);
    expect(turns.waiting).toBe(0);
  });

  it('passes a failed call on and goes on with the next', async () => {
    const turns = new PgliteTurns(100);
    const requests = turns.wrap(bare, false);
    const failed = requests.query('select * from no_such_table');
    const next = requests.query<{ v: number }>('select 7 as v');
    await expect(failed).rejects.toThrow(/no_such_table/);
    expect((await next).rows[0]?.v).toBe(7);
  });
});
