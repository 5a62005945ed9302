import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { sysInstances } from '../../../db/cluster-schema';
import { createTestDatabase } from '../../../test/harness';
import { beatInstance, claimStopped, forgetInstance, registerInstance } from './instance.repository';

/** The claims of `sys_instance`: who serves a stopped instance's sessions, decided in the database. */

const STALE_S = 6;
let dir: string;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ess-instances-'));
  ({ database, drop } = await createTestDatabase(dir));
});

afterAll(async () => {
  await database?.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(sysInstances);
});

const register = (id: string, pid = 1) =>
  registerInstance(database.db, { id, host: 'h', pid, connections: 4 }, STALE_S);
/** Makes an instance's last beat `s` seconds old. */
const silence = (id: string, s: number) =>
  database.db
    .update(sysInstances)
    .set({ beatTime: sql`now() - make_interval(secs => ${s})` })
    .where(eq(sysInstances.id, id));
const row = async (id: string) => (await database.db.select().from(sysInstances).where(eq(sysInstances.id, id)))[0];

describe('instance claims', () => {
  it('claims a silent instance once, never a beating one or itself', async () => {
    await Promise.all(['a', 'b', 'c'].map((id) => register(id)));
    await silence('a', 10);
    await silence('c', 3);
    const [byB, byC] = await Promise.all([
      claimStopped(database.db, 'b', STALE_S),
      claimStopped(database.db, 'c', STALE_S),
    ]);
    const winners = [byB, byC].filter((l) => l.length > 0);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toEqual([{ id: 'a', connections: 4, silentS: expect.any(Number) }]);
    expect(winners[0]?.[0]?.silentS).toBeGreaterThanOrEqual(10);
    // The claim stays with its holder while it beats; the other one gets nothing.
    const holder = byB.length > 0 ? 'b' : 'c';
    const other = holder === 'b' ? 'c' : 'b';
    await beatInstance(database.db, other, { own: 0, adopted: 0 });
    expect(await claimStopped(database.db, other, STALE_S)).toEqual([]);
    expect((await claimStopped(database.db, holder, STALE_S)).map((s) => s.id)).toEqual(['a']);
  });

  it('passes a claim on when its holder stopped too', async () => {
    await Promise.all(['a', 'b', 'c'].map((id) => register(id)));
    await silence('a', 20);
    expect((await claimStopped(database.db, 'b', STALE_S)).map((s) => s.id)).toEqual(['a']);
    await silence('b', 10);
    const byC = await claimStopped(database.db, 'c', STALE_S);
    expect(byC.map((s) => s.id).sort()).toEqual(['a', 'b']);
    expect((await row('a'))?.adoptedBy).toBe('c');
  });

  it('ends the claim when the instance beats or registers again', async () => {
    await Promise.all(['a', 'b'].map((id) => register(id)));
    await silence('a', 10);
    await claimStopped(database.db, 'b', STALE_S);
    expect((await row('a'))?.adoptedBy).toBe('b');
    await register('a', 2);
    expect(await row('a')).toMatchObject({ adoptedBy: null, adoptedTime: null, pid: 2, ackedMessages: 0 });
    expect(await claimStopped(database.db, 'b', STALE_S)).toEqual([]);
    await beatInstance(database.db, 'a', { own: 5, adopted: 2 });
    expect(await row('a')).toMatchObject({ ackedMessages: 5, adoptedMessages: 2 });
  });

  it('tells a registering instance that another live process uses its id', async () => {
    expect(await register('a', 1)).toBeNull();
    expect(await register('a', 2)).toEqual({ host: 'h', pid: 1 });
    await silence('a', 10);
    expect(await register('a', 3)).toBeNull();
  });

  it('forgets a stopped instance only for its claimant and only while it is silent', async () => {
    await Promise.all(['a', 'b'].map((id) => register(id)));
    await silence('a', 10);
    await claimStopped(database.db, 'b', STALE_S);
    await forgetInstance(database.db, 'a', 'c', STALE_S);
    expect(await row('a')).toBeDefined();
    await forgetInstance(database.db, 'a', 'b', STALE_S);
    expect(await row('a')).toBeUndefined();
  });
});
