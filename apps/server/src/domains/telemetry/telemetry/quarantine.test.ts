import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDevice, createTestApp, sqlRows, type TestContext } from '../../../test/harness';
import type { QuarantineReason } from './quarantine';
import type { TelemetryRuntime } from './telemetry-runtime';
import { createTestStation, type TestStation } from './test-station.kit';

let ctx: TestContext;
let telemetry: TelemetryRuntime;
let st: TestStation;
let pcsSn: string;

beforeAll(async () => {
  ctx = await createTestApp({ RAW_RETENTION_DAYS: '30' });
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  telemetry = ctx.app.telemetry;
  st = await createTestStation(ctx.database.db);
  await telemetry.registry.reload();
  pcsSn = st.pcs[0]?.sn ?? '';
});

afterAll(() => ctx?.close());

type Row = {
  reason: string;
  station_code: string | null;
  sn: string | null;
  point_code: string | null;
  detail: string;
  payload: string;
};

async function quarantined(topic: string): Promise<Row[]> {
  return sqlRows<Row>(
    ctx.database.db,
    sql`SELECT reason, station_code, sn, point_code, detail, payload FROM ts_quarantine WHERE topic = ${topic} ORDER BY id`,
  );
}

const send = (topic: string, payload: string | Buffer) =>
  telemetry.receive(topic, typeof payload === 'string' ? Buffer.from(payload) : payload);

describe('quarantine', () => {
  it('keeps every rejected message part with its reason, counts it, and stores the good values', async () => {
    // Each reason's list holds one entry per refused message, sample or value: what the counters add.
    const now = Date.now();
    const oldSamples = [1, 2, 3].map((k) => ({ ts: now - 40 * 86_400_000 - k, values: { p: k } }));
    const before = telemetry.stats()?.quarantined;
    const tele = topicOf(st.code, pcsSn, 'telemetry');
    const cases: [string, string | Buffer, QuarantineReason[]][] = [
      [tele, 'not json {', ['malformedJson']],
      [tele, Buffer.from([0xff, 0x00, 0xfe]), ['malformedJson']],
      [tele, JSON.stringify({ ts: 'soon', values: {} }), ['badShape']],
      [tele, JSON.stringify([]), ['badShape']],
      // zod 4 throws on a "constructor": null key instead of reporting it; still quarantined.
      [tele, JSON.stringify({ ts: 'x', values: { constructor: null } }), ['badShape']],
      [topicOf('NO-SUCH', pcsSn, 'telemetry'), JSON.stringify({ ts: now, values: { p: 1 } }), ['unknownStation']],
      [topicOf(st.code, 'NO-SUCH', 'telemetry'), JSON.stringify({ ts: now, values: { p: 1 } }), ['unknownDevice']],
      [topicOf('JS-SZ01', pcsSn, 'telemetry'), JSON.stringify({ ts: now, values: { p: 1 } }), ['wrongStation']],
      [
        tele,
        JSON.stringify({ ts: now, values: { p: 10, nope: 1, pSet: 5, q: '3', ia: null, udc: 99_999 } }),
        ['unknownPoint', 'unknownPoint', 'notANumber', 'notANumber', 'outOfRange'],
      ],
      [tele, JSON.stringify({ ts: now + 10 * 60_000, values: { p: 1 } }), ['future']],
      [tele, JSON.stringify({ ts: now - 31 * 86_400_000, values: { p: 1 } }), ['tooOld']],
      [tele, JSON.stringify(oldSamples), ['tooOld', 'tooOld', 'tooOld']],
      // A NUL and an unpaired surrogate cannot be stored as text; the entry is still written.
      [tele, `{"ts": ${now + 1}, "values": {"\\ud800x\\u0000": 1}}`, ['unknownPoint']],
      [topicOf(st.code, pcsSn, 'status'), JSON.stringify({ online: 'yes' }), ['badStatus']],
      [topicOf(st.code, pcsSn, 'status'), JSON.stringify({ constructor: null }), ['badStatus']],
      [topicOf(st.code, pcsSn, 'cmd/ack'), JSON.stringify({ id: 1 }), ['badCommandAck']],
      ['ess/bad topic/x/telemetry', '{}', ['badTopic']],
    ];
    const expected: Partial<Record<QuarantineReason, number>> = {};
    for (const [topic, payload, reasons] of cases) {
      await send(topic, payload);
      for (const r of reasons) expected[r] = (expected[r] ?? 0) + 1;
    }
    for (const [topic, , reasons] of cases) {
      const got = (await quarantined(topic)).map((r) => r.reason);
      for (const r of reasons) expect(got, topic).toContain(r);
    }
    const after = telemetry.stats()?.quarantined;
    for (const [reason, n] of Object.entries(expected)) {
      const want = (before?.[reason as QuarantineReason] ?? 0) + n;
      const got = after?.[reason as QuarantineReason] ?? 0;
      // On a shared external broker this app also sees other tests' stations (unknownStation).
      if (process.env.MQTT_URL) expect(got, reason).toBeGreaterThanOrEqual(want);
      else expect(got, reason).toBe(want);
    }

    const parts = await quarantined(tele);
    expect(parts.find((r) => r.reason === 'outOfRange')).toMatchObject({
      point_code: 'udc',
      sn: pcsSn,
      station_code: st.code,
    });
    // A message's old samples: one row, counting them, with their times.
    expect(parts.filter((r) => r.reason === 'tooOld').map((r) => JSON.parse(r.payload))).toContainEqual({
      samples: 3,
      sample: oldSamples.map((o) => o.ts),
    });
    // The mixed message: one row per reason, counting its values and naming a few of them.
    const unknown = parts.filter((r) => r.reason === 'unknownPoint' && r.detail.includes('pSet'));
    expect(unknown).toHaveLength(1);
    expect(unknown[0]?.detail).toContain('setpoint');
    expect(unknown[0]?.point_code).toBeNull();
    expect(JSON.parse(unknown[0]?.payload ?? '')).toEqual({ values: 2, sample: { nope: 1, pSet: 5 } });
    expect(JSON.parse(parts.find((r) => r.reason === 'notANumber')?.payload ?? '')).toEqual({
      values: 2,
      sample: { q: '3', ia: null },
    });
    // The good value of the mixed message was stored.
    const stored = await sqlRows(
      ctx.database.db,
      sql`SELECT value FROM ts_raw WHERE point_id = ${st.pcs[0]?.points.get('p')} AND ts = ${new Date(now).toISOString()}::timestamptz`,
    );
    expect(stored).toEqual([{ value: 10 }]);
  });

  it('quarantines what a device publishes through the broker, then acknowledges it', async () => {
    const client = await connectDevice(ctx, pcsSn);
    const topic = topicOf(st.code, pcsSn, 'telemetry');
    await client.publishAsync(topic, JSON.stringify({ ts: Date.now(), values: { p: 'NaN' } }), { qos: 1 });
    await client.endAsync();
    await vi.waitFor(async () => expect((await quarantined(topic)).map((r) => r.reason)).toContain('notANumber'), {
      timeout: 10_000,
    });
  });
});
