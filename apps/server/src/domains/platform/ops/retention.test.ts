import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '../../../db/command-schema';
import { notifyLog, notifyNotices } from '../../../db/notify-schema';
import { planDeliveries, planDeliveryStations } from '../../../db/plan-curve-schema';
import { clientErrors, logs } from '../../../db/schema';
import { tsQuarantine } from '../../../db/telemetry-schema';
import { loadEnv } from '../../../env';
import { createTestApp, sqlRows, type TestContext } from '../../../test/harness';
import { partitionName } from '../../telemetry/telemetry/partitions';
import { createTestStation, type TestStation } from '../../telemetry/telemetry/test-station.kit';
import { purgeTable, retentionPolicies, runRetention } from './retention';
import { scheduleRetention } from './retention-job';

const DAY = 86_400_000;
let ctx: TestContext;
let st: TestStation;

beforeAll(async () => {
  ctx = await createTestApp({
    RAW_RETENTION_DAYS: '3',
    QUARANTINE_RETENTION_DAYS: '10',
    NOTIFY_LOG_RETENTION_DAYS: '20',
    COMMAND_RETENTION_DAYS: '40',
  });
  st = await createTestStation(ctx.database.db);
});

afterAll(() => ctx?.close());

const count = async (table: string): Promise<number> =>
  (await sqlRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]?.n ??
  0;

/** `n` timestamps spread over the day that starts `daysAgo` days before now. */
const ages = (n: number, daysAgo: number): Date[] =>
  Array.from({ length: n }, (_, i) => new Date(Date.now() - daysAgo * DAY + i * 60_000));

describe('retention of the growing tables', () => {
  it('deletes rows past each table its days (env or fixed), in chunks, and keeps the rest', async () => {
    const { db } = ctx.database;
    const now = Date.now();
    // Old: just past the retention; kept: just within it. Counts differ per table.
    const plan = {
      ts_quarantine: { days: 10, old: 23, kept: 4 },
      ntf_log: { days: 20, old: 9, kept: 3 },
      ntf_notice: { days: 20, old: 5, kept: 2 },
      biz_command: { days: 40, old: 15, kept: 2 },
      sys_log: { days: 180, old: 12, kept: 5 },
      sys_client_error: { days: 30, old: 8, kept: 6 },
    };
    const before = Object.fromEntries(
      await Promise.all(Object.keys(plan).map(async (t) => [t, await count(t)] as const)),
    ) as Record<keyof typeof plan, number>;

    const stamps = (p: { days: number; old: number; kept: number }) => [
      ...ages(p.old, p.days + 1),
      ...ages(p.kept, p.days - 1),
    ];
    await db
      .insert(tsQuarantine)
      .values(stamps(plan.ts_quarantine).map((receivedAt) => ({ receivedAt, topic: 't', reason: 'unknownDevice' })));
    await db.insert(notifyLog).values(
      stamps(plan.ntf_log).map((at) => ({
        at,
        stationId: st.id,
        channel: 'email' as const,
        status: 'sent' as const,
        reason: 'alarm' as const,
        subject: 's',
        eventIds: [1],
      })),
    );
    const noticeRow = (raisedAt: Date, i: number, sent: boolean) => ({
      key: `ret-${raisedAt.getTime()}-${i}-${sent}`,
      stationId: st.id,
      level: 3,
      texts: {} as (typeof notifyNotices.$inferInsert)['texts'],
      raisedAt,
      sentAt: sent ? raisedAt : null,
    });
    await db.insert(notifyNotices).values(stamps(plan.ntf_notice).map((t, i) => noticeRow(t, i, true)));
    // Old but kept: a notice the chains have not sent yet.
    await db.insert(notifyNotices).values(ages(1, 400).map((t) => noticeRow(t, 0, false)));
    const cmd = (createTime: Date, state: 'success' | 'timeout', i: number) => ({
      commandId: `ret-${createTime.getTime()}-${i}-${state}`,
      stationId: st.id,
      kind: 'points' as const,
      origin: 'control' as const,
      payload: {},
      state,
      timeoutS: 30,
      createTime,
    });
    await db.insert(commands).values(stamps(plan.biz_command).map((t, i) => cmd(t, i % 2 ? 'success' : 'timeout', i)));
    // Old but kept: a plan delivery's station state (its command is joined by id). A pending
    // one would be timed out by the command service's sweep at once, so none is that old.
    const [oldTime] = ages(1, 400);
    if (!oldTime) throw new Error('no time');
    const [planned] = await db
      .insert(commands)
      .values(cmd(oldTime, 'success', 1))
      .returning({ id: commands.id });
    const [delivery] = await db
      .insert(planDeliveries)
      .values({ templateCode: 'P', templateName: 'P', templateModifyTime: oldTime, segments: [], createTime: oldTime })
      .returning({ id: planDeliveries.id });
    if (!planned || !delivery) throw new Error('not inserted');
    await db.insert(planDeliveryStations).values({ deliveryId: delivery.id, stationId: st.id, commandId: planned.id });
    await db.insert(logs).values(stamps(plan.sys_log).map((createTime) => ({ name: 'ret', createTime })));
    await db.insert(clientErrors).values(
      stamps(plan.sys_client_error).map((createTime) => ({
        kind: 'error' as const,
        message: 'm',
        url: '/',
        release: 'r',
        createTime,
      })),
    );

    const policies = retentionPolicies(ctx.env);
    expect(Object.fromEntries(policies.map((p) => [p.table, p.days]))).toEqual(
      Object.fromEntries(Object.entries(plan).map(([t, p]) => [t, p.days])),
    );
    const chunkRows = 4;
    const results = await runRetention(db, policies, now, { chunkRows });
    for (const [table, p] of Object.entries(plan) as [keyof typeof plan, (typeof plan)[keyof typeof plan]][]) {
      const r = results.find((x) => x.table === table);
      // Rows seeded before (sessions' sign-in log lines and the like) are recent.
      expect(r?.deleted, table).toBe(p.old);
      expect(r?.chunks, table).toBe(Math.floor(p.old / chunkRows) + 1);
      const extra = table === 'biz_command' || table === 'ntf_notice' ? 1 : 0;
      expect(await count(table), table).toBe(before[table] + p.kept + extra);
    }
    // Nothing left to do.
    const again = await runRetention(db, policies, now, { chunkRows });
    expect(again.map((r) => r.deleted)).toEqual(policies.map(() => 0));
  });

  it('0 days keeps a table whatever its age', async () => {
    const { db } = ctx.database;
    await db
      .insert(tsQuarantine)
      .values(ages(3, 900).map((receivedAt) => ({ receivedAt, topic: 'keep', reason: 'r' })));
    const env = loadEnv({ ...process.env, QUARANTINE_RETENTION_DAYS: '0' });
    const policy = retentionPolicies(env).find((p) => p.table === 'ts_quarantine');
    if (!policy) throw new Error('no policy');
    expect(await purgeTable(db, policy, Date.now(), { chunkRows: 100 })).toMatchObject({ deleted: 0, chunks: 0 });
    const left = await sqlRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ts_quarantine WHERE topic = 'keep'`,
    );
    expect(left).toEqual([{ n: 3 }]);
    await db.execute(sql`DELETE FROM ts_quarantine WHERE topic = 'keep'`);
  });

  it('two instances at once delete each old row once, none twice, none left', async () => {
    const { db } = ctx.database;
    const old = 57;
    await db
      .insert(tsQuarantine)
      .values(ages(old, 30).map((receivedAt) => ({ receivedAt, topic: 'both', reason: 'r' })));
    const policies = retentionPolicies(ctx.env).filter((p) => p.table === 'ts_quarantine');
    const runs = await Promise.all([1, 2].map(() => runRetention(db, policies, Date.now(), { chunkRows: 5 })));
    const deleted = runs.flat().reduce((s, r) => s + r.deleted, 0);
    expect(deleted).toBe(old);
    const left = await sqlRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ts_quarantine WHERE topic = 'both'`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });

  it('stops between chunks when the app closes', async () => {
    const { db } = ctx.database;
    await db
      .insert(tsQuarantine)
      .values(ages(20, 30).map((receivedAt) => ({ receivedAt, topic: 'stop', reason: 'r' })));
    const policy = retentionPolicies(ctx.env).find((p) => p.table === 'ts_quarantine');
    if (!policy) throw new Error('no policy');
    let chunks = 0;
    const r = await purgeTable(db, policy, Date.now(), { chunkRows: 5, stopped: () => chunks++ >= 2 });
    expect(r).toMatchObject({ deleted: 10, chunks: 2 });
    await db.execute(sql`DELETE FROM ts_quarantine WHERE topic = 'stop'`);
  });
});

describe('the scheduled job', () => {
  it('each instance schedules it, one claims the hour; the rows go once; close waits', async () => {
    const { db } = ctx.database;
    const old = 12;
    await db
      .insert(tsQuarantine)
      .values(ages(old, 30).map((receivedAt) => ({ receivedAt, topic: 'job', reason: 'r' })));
    const lines: { table?: string; deleted?: number; msg?: string }[] = [];
    const instance = () => {
      const app = Fastify({ logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } } });
      scheduleRetention(app, db, ctx.env, { firstRunMs: 10 });
      return app;
    };
    const apps = [instance(), instance()];
    await Promise.all(apps.map((a) => a.ready()));
    const left = async () =>
      (await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ts_quarantine WHERE topic = 'job'`))[0]?.n;
    await vi.waitFor(async () => expect(await left()).toBe(0), { timeout: 20_000, interval: 50 });
    await Promise.all(apps.map((a) => a.close()));
    const said = lines.filter((l) => l.msg === 'retention: old rows deleted' && l.table === 'ts_quarantine');
    expect(said.reduce((s, l) => s + (l.deleted ?? 0), 0)).toBe(old);
    // Both timers fired; one claimed the hour.
    expect(await sqlRows(db, sql`SELECT runs::int AS runs FROM sys_job_run WHERE job = 'retention'`)).toEqual([
      { runs: 1 },
    ]);
  });
});

describe('raw telemetry retention keeps the roll-ups', () => {
  it('dropping an old day partition leaves ts_15m and ts_1d as they were; the job drops nothing', async () => {
    const telemetry = ctx.app.telemetry;
    if (!telemetry) throw new Error('telemetry off');
    await telemetry.registry.reload();
    const { db } = ctx.database;
    const pcs = st.pcs[0];
    const pid = pcs?.points.get('p') ?? 0;
    const today = Math.floor(Date.now() / DAY);
    const old = today - 2;
    // 24 samples 5 minutes apart on an old day (within RAW_RETENTION_DAYS=3 when sent), 6 today.
    const samples = [
      ...Array.from({ length: 24 }, (_, i) => ({ ts: old * DAY + 3_600_000 + i * 300_000, v: 10 + i })),
      ...Array.from({ length: 6 }, (_, i) => ({ ts: today * DAY + i * 60_000, v: 100 + i })),
    ].filter((s) => s.ts < Date.now());
    for (const s of samples)
      await telemetry.receive(
        topicOf(st.code, pcs?.sn ?? '', 'telemetry'),
        Buffer.from(JSON.stringify({ ts: s.ts, values: { p: s.v } })),
      );
    const rollups = async () => ({
      m15: await sqlRows<Record<string, unknown>>(
        db,
        sql`SELECT * FROM ts_15m WHERE point_id = ${pid} ORDER BY bucket`,
      ),
      d1: await sqlRows<Record<string, unknown>>(db, sql`SELECT * FROM ts_1d WHERE point_id = ${pid} ORDER BY day`),
    });
    // Roll-ups may be merged after the ack: wait until they hold every sample.
    await vi.waitFor(
      async () => {
        const r = await rollups();
        expect(r.m15.reduce((s, x) => s + Number(x.count), 0)).toBe(samples.length);
        expect(r.d1.reduce((s, x) => s + Number(x.count), 0)).toBe(samples.length);
      },
      { timeout: 30_000, interval: 200 },
    );
    const kept = await rollups();
    expect(kept.m15.reduce((s, x) => s + Number(x.sum), 0)).toBe(samples.reduce((s, x) => s + x.v, 0));

    await runRetention(db, retentionPolicies(ctx.env), Date.now(), { chunkRows: 100 });
    // Two days on, the old day is past RAW_RETENTION_DAYS=3: the hourly upkeep drops it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * DAY);
      expect(await telemetry.maintain()).toContain(partitionName(old));
    } finally {
      vi.useRealTimers();
    }
    const raw = await sqlRows<{ day: number; n: number }>(
      db,
      sql`SELECT floor(extract(epoch FROM ts) / 86400)::int AS day, count(*)::int AS n FROM ts_raw WHERE point_id = ${pid} GROUP BY 1`,
    );
    expect(raw).toEqual(samples.some((s) => s.ts >= today * DAY) ? [{ day: today, n: samples.length - 24 }] : []);
    expect(await rollups()).toEqual(kept);
  });
});
