import { type Lang, topicOf } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import type { SessionUser } from '../../../lib/types';
import { createTestApp, type TestContext } from '../../../test/harness';
import { PointService } from '../../stations/point/point.service';
import { LatestValues } from './latest-values';
import type { TelemetryRuntime } from './telemetry-runtime';
import { createTestStation, type TestDevice, type TestStation } from './test-station.kit';

let ctx: TestContext;
let telemetry: TelemetryRuntime;
let st: TestStation;
let admin: SessionUser;
/** Built here (not the app's), so the test runs on PostgreSQL too, where the app reads ts_latest. */
let memory: LatestValues;
let fromMemory: PointService;
let fromDb: PointService;

/** Whole minutes an hour ago: samples of their own. */
const base = Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000;

beforeAll(async () => {
  ctx = await createTestApp();
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  telemetry = ctx.app.telemetry;
  const db = ctx.database.db;
  st = await createTestStation(db);
  await telemetry.registry.reload();
  memory = new LatestValues(db, () => telemetry.registry.snapshot);
  memory.attach(telemetry.bus);
  fromMemory = new PointService(db, memory);
  fromDb = new PointService(db);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!row) throw new Error('no admin');
  admin = {
    userId: row.id,
    username: 'admin',
    deptId: null,
    roles: ['admin'],
    perms: new Set<string>(),
    isAdmin: true,
    readOnly: false,
    groupWide: true,
    demo: false,
    sessionKind: 'pc',
    sessionId: 0,
    stationCodes: null,
  };
});
afterAll(async () => {
  memory?.detach();
  await ctx?.close();
});

const send = (device: TestDevice, ts: number, values: Record<string, number>) =>
  telemetry.receive(topicOf(st.code, device.sn, 'telemetry'), Buffer.from(JSON.stringify({ ts, values })));

const pcs = (i: number): TestDevice => {
  const d = st.pcs[i];
  if (!d) throw new Error('fixture');
  return d;
};

/** Both paths on the same data, for every device of the station and two languages. */
async function expectSamePaths(): Promise<void> {
  for (const d of [...st.pcs, st.meter, st.virtual]) {
    for (const lang of ['zh_CN', 'en_US'] as Lang[]) {
      const db = await fromDb.pointDataShowList(admin, d.id, lang);
      expect(db.length, d.sn).toBeGreaterThan(0);
      expect(await fromMemory.pointDataShowList(admin, d.id, lang), `${d.sn} ${lang}`).toEqual(db);
    }
  }
}

describe('newest values in memory', () => {
  it('answers like ts_latest before any data (values null)', async () => {
    await expectSamePaths();
    const list = await fromMemory.pointDataShowList(admin, pcs(0).id, 'en_US');
    expect(list.every((p) => p.value === null && p.ts === null && p.text === null)).toBe(true);
  });

  it('follows committed batches (virtual points, older samples ignored) like ts_latest', async () => {
    await send(pcs(0), base, { p: 100, runState: 1 });
    await send(pcs(1), base, { p: 50 });
    // Older than what is stored: neither path may show it.
    await send(pcs(0), base - 60_000, { p: 7, runState: 2 });
    await telemetry.settleRollups();
    await expectSamePaths();

    const a = await fromMemory.pointDataShowList(admin, pcs(0).id, 'en_US');
    expect(a.find((p) => p.code === 'p')).toMatchObject({ value: 100, ts: base, unit: 'kW' });
    expect(a.find((p) => p.code === 'runState')).toMatchObject({ value: 1, ts: base });
    const v = await fromMemory.pointDataShowList(admin, st.virtual.id, 'en_US');
    // storagePower = sum(type:pcs.p) of the station's two PCS; its second sample at the same
    // instant is stored 1 ms later (virtual-points.ts keeps a point's times increasing).
    expect(v.find((p) => p.code === 'storagePower')).toMatchObject({ value: 150, ts: base + 1 });
    const meter = await fromMemory.pointDataShowList(admin, st.meter.id, 'en_US');
    expect(meter.every((p) => p.value === null)).toBe(true);
  });

  it('loads what is stored once, for a store that starts after the data', async () => {
    await send(pcs(1), base + 60_000, { p: -30 });
    const late = new LatestValues(ctx.database.db, () => telemetry.registry.snapshot);
    // Before the roller ran as well as after: pending deltas count as stored.
    const early = await late.read([...pcs(1).points.values()]);
    await telemetry.settleRollups();
    const db = await fromDb.pointDataShowList(admin, pcs(1).id, 'en_US');
    expect(db.find((p) => p.code === 'p')).toMatchObject({ value: -30, ts: base + 60_000 });
    for (const p of db)
      expect(early.get(p.id) ?? null, p.code).toEqual(p.value === null ? null : { value: p.value, ts: p.ts });
  });

  it('answers a missing device like the database path', async () => {
    await expect(fromMemory.pointDataShowList(admin, 999_999, 'en_US')).rejects.toMatchObject({ status: 404 });
    await expect(fromDb.pointDataShowList(admin, 999_999, 'en_US')).rejects.toMatchObject({ status: 404 });
  });
});
