import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { type StationAlarmChange, TelemetryBus } from '../../../kernel/telemetry-bus';
import { createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import type { RaisedEvent } from './alarm-store.repository';
import { AlarmWriter } from './alarm-writer';

let ctx: TestContext;
let stationId: number;
const STORM = 5_000;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  stationId = (await stationIdLookup(ctx.database.db))('GD-SZ01');
});

afterAll(async () => {
  await ctx?.close();
});

const raised = (i: number, at: number): RaisedEvent => ({
  key: `storm:${i}`,
  stationId,
  deviceId: null,
  deviceType: null,
  kind: 'lost',
  definitionId: null,
  pointCode: null,
  value: null,
  limit: null,
  level: 2,
  content: '',
  raisedAt: at,
});

const open = async () =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(alarmEvents)
      .where(and(eq(alarmEvents.stationId, stationId), isNull(alarmEvents.recoveredAt)))
  )[0]?.n;

describe('alarm writer', () => {
  it('stores a storm of 5,000 raises in a few statements, and tells the station its count once', async () => {
    const bus = new TelemetryBus();
    const pushed: StationAlarmChange[] = [];
    bus.on('alarm', (c) => pushed.push(c));
    const writer = new AlarmWriter(ctx.database.db, bus, { warn: () => {} });
    const at = Date.now();
    const started = performance.now();
    for (let i = 0; i < STORM; i++) writer.raise(raised(i, at));
    await writer.drain();
    const seconds = (performance.now() - started) / 1000;
    expect(await open()).toBe(STORM);
    expect(pushed.map((p) => [p.stationId, p.change, p.eventIds.length, p.count])).toEqual([
      [stationId, 'raised', STORM, STORM],
    ]);
    // Thousands of single inserts take tens of seconds on PGlite; batched it is well under this.
    expect(seconds).toBeLessThan(10);

    // The same keys again (a restart, another instance): nothing new.
    for (let i = 0; i < 10; i++) writer.raise(raised(i, at + 1));
    await writer.drain();
    expect(await open()).toBe(STORM);

    // Recovered in order with a re-raise of one key in the same batch: a new active event for it.
    for (let i = 0; i < STORM; i++) writer.recover({ key: `storm:${i}`, at: at + 2 });
    writer.raise(raised(0, at + 3));
    await writer.drain();
    expect(await open()).toBe(1);
    await writer.close();
  });
});
