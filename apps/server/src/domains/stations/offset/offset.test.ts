import { calibrated, topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, connectDevice, createTestApp, login, sqlRows, type TestContext } from '../../../test/harness';
import { createTestStation, type TestDevice, type TestStation } from '../../telemetry/telemetry/test-station.kit';

let ctx: TestContext;
let token: string;
let st: TestStation;
let other: TestStation;
let pcs: TestDevice;
let client: MqttClient;
const external = Boolean(process.env.MQTT_URL);
/** Whole minutes two hours ago: this file's own sample times. */
const base = Math.floor((Date.now() - 7_200_000) / 60_000) * 60_000;

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off' });
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  st = await createTestStation(ctx.database.db);
  other = await createTestStation(ctx.database.db);
  await ctx.app.telemetry.registry.reload();
  const [first] = st.pcs;
  if (!first) throw new Error('fixture');
  pcs = first;
  client = await connectDevice(ctx, pcs.sn);
  token = await login(ctx.app, 'admin');
});

afterAll(async () => {
  await client?.endAsync();
  await ctx?.close();
});

const pointId = (d: TestDevice, code: string): number => {
  const id = d.points.get(code);
  if (id === undefined) throw new Error(`no point ${code}`);
  return id;
};

const save = (items: { pointId: number; scale: number; offset: number }[], stationId = st.id, lang = 'zh_CN') =>
  call(ctx.app, token, 'POST', '/api/business/offset/save', { stationId, items }, lang);

/** Publishes p over MQTT and returns what ts_raw and ts_latest hold for it afterwards. */
async function publishAndRead(ts: number, raw: number): Promise<{ raw: number; latest: number }> {
  await client.publishAsync(topicOf(st.code, pcs.sn, 'telemetry'), JSON.stringify({ ts, values: { p: raw } }), {
    qos: 1,
  });
  const pid = pointId(pcs, 'p');
  const read = async () => {
    const [r] = await sqlRows<{ value: number }>(
      ctx.database.db,
      sql`SELECT value FROM ts_raw WHERE point_id = ${pid} AND ts = ${new Date(ts).toISOString()}::timestamptz`,
    );
    const [l] = await sqlRows<{ value: number }>(
      ctx.database.db,
      sql`SELECT value FROM ts_latest WHERE point_id = ${pid}`,
    );
    if (!r || !l) throw new Error('not stored yet');
    return { raw: r.value, latest: l.value };
  };
  // With the embedded broker the PUBACK means committed.
  return external ? vi.waitFor(read, { timeout: 10_000 }) : read();
}

describe('offset settings', () => {
  it('applies raw × scale + offset on ingest from the next message, without a restart', async () => {
    const pid = pointId(pcs, 'p');
    const before = await publishAndRead(base, 100);
    expect(before).toEqual({ raw: 100, latest: 100 });

    const first = { scale: 2, offset: 10 };
    expect((await save([{ pointId: pid, ...first }])).json().code).toBe(200);
    const after = await publishAndRead(base + 60_000, 100);
    const want = calibrated(100, first.scale, first.offset);
    expect(after).toEqual({ raw: want, latest: want });

    const second = { scale: 0.5, offset: -3.25 };
    await save([{ pointId: pid, ...second }]);
    const changed = await publishAndRead(base + 120_000, -40);
    expect(changed.raw).toBe(calibrated(-40, second.scale, second.offset));

    // The defaults remove the calibration.
    await save([{ pointId: pid, scale: 1, offset: 0 }]);
    expect((await publishAndRead(base + 180_000, 55)).raw).toBe(55);
  });

  it('lists the points with their calibration and who set it', async () => {
    const pid = pointId(pcs, 'q');
    await save([{ pointId: pid, scale: 1.5, offset: 2 }]);
    const res = await call(ctx.app, token, 'POST', '/api/business/offset/page', {
      stationId: st.id,
      onlySet: true,
      pageNum: 1,
      pageSize: 50,
    });
    const page = res.json().data;
    expect(page.rows).toEqual([
      expect.objectContaining({
        pointId: pid,
        code: 'q',
        sn: pcs.sn,
        scale: 1.5,
        offset: 2,
        updatedBy: expect.any(String),
      }),
    ]);
    expect(page.total).toBe(1);

    const all = (
      await call(ctx.app, token, 'POST', '/api/business/offset/page', { stationId: st.id, keyword: 'Q', pageSize: 200 })
    ).json().data;
    expect(all.rows.length).toBeGreaterThan(0);
    for (const r of all.rows) expect(`${r.code} ${r.name}`.toLowerCase()).toContain('q');
    expect(all.rows.map((r: { code: string }) => r.code)).toContain('q');
  });

  it('refuses a scale of 0 and numbers beyond ±99,999,999 with the form messages', async () => {
    const pid = pointId(pcs, 'p');
    const zero = await save([{ pointId: pid, scale: 0, offset: 0 }]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().msg).toBe('系数不能为0');
    const big = await save([{ pointId: pid, scale: 1, offset: 100_000_000 }], st.id, 'en_US');
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toBe('The value must be between -99,999,999 and 99,999,999');
    const bigScale = await save([{ pointId: pid, scale: -100_000_000, offset: 0 }], st.id, 'en_US');
    expect(bigScale.json().msg).toBe('The value must be between -99,999,999 and 99,999,999');
    // Edges are allowed.
    expect((await save([{ pointId: pid, scale: 99_999_999, offset: -99_999_999 }])).statusCode).toBe(200);
    await save([{ pointId: pid, scale: 1, offset: 0 }]);
  });

  it('refuses points of another station and virtual points', async () => {
    const foreign = await save([{ pointId: pointId(other.meter, 'p'), scale: 2, offset: 0 }]);
    expect(foreign.statusCode).toBe(404);
    const [virtualPoint] = [...st.virtual.points.values()];
    if (virtualPoint === undefined) throw new Error('fixture');
    expect((await save([{ pointId: virtualPoint, scale: 2, offset: 0 }])).statusCode).toBe(404);
    const [row] = await sqlRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM biz_point_offset`);
    expect(row?.n).toBe(1);
  });
});
