import { PGlite } from '@electric-sql/pglite';
import { ResultCode } from '@ess/contract';
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
    const turns = new PgliteTurns(100, 10, () => now);
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
    const turns = new PgliteTurns(100, 10);
    const requests = turns.wrap(bare, false);
    const failed = requests.query('select * from no_such_table');
    const next = requests.query<{ v: number }>('select 7 as v');
    await expect(failed).rejects.toThrow(/no_such_table/);
    expect((await next).rows[0]?.v).toBe(7);
  });

  it('runs queued calls within one turn up to the slice, then lets the event loop turn', async () => {
    let now = 0;
    const turns = new PgliteTurns(100, 10, () => now);
    const requests = turns.wrap(bare, false);
    let done = 0;
    let seen = -1;
    let probe: Promise<void> = Promise.resolve();
    // Each call takes 4 ms of the clock: three fit in the 10 ms slice; what else waits for a turn
    // (here an immediate queued when the first call ended) runs before the fourth.
    const calls = Array.from({ length: 6 }, (_, i) =>
      requests.query('select 1').then(() => {
        now += 4;
        done++;
        if (i === 0)
          probe = new Promise<void>((resolve) =>
            setImmediate(() => {
              seen = done;
              resolve();
            }),
          );
      }),
    );
    await Promise.all(calls);
    await probe;
    expect(seen).toBe(3);
  });

  it('refuses a request call at once when the bound is full, never the ingest', async () => {
    const turns = new PgliteTurns(100, 10, undefined, 2);
    const requests = turns.wrap(bare, false);
    const ingest = turns.wrap(bare, true);
    // The first call starts in the next turn: until then all of these wait.
    const waiting = [requests.query('select 1'), requests.query('select 2')];
    const refused = requests.query('select 3');
    const background = [1, 2, 3].map(() => ingest.query('select 4'));
    await expect(refused).rejects.toMatchObject({ status: 503, code: ResultCode.DATABASE_BUSY });
    await expect(Promise.all([...waiting, ...background])).resolves.toHaveLength(5);
    // Room again once they ran.
    await expect(requests.query('select 5')).resolves.toBeTruthy();
  });
});
