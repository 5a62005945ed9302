import { ResultCode } from '@ess/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '../../../db/command-schema';
import { devices, stations } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { answeringDevice, sealedPassword, succeed } from '../control/control.kit';
import { deviceLane } from './command.service';

/**
 * Issue 20 finding 5: the command service refuses to store or send a value its point (or the
 * station's rated power) does not allow, whatever path issues it; the EMS station setpoint is
 * bounded by the station's rated power.
 */

let ctx: TestContext;
let token: string;
/** JS-SZ01: 2,500 kW. */
let station: { id: number; code: string };
let pcs: { id: number; sn: string };
let ems: { id: number; sn: string };

const commandCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(commands))[0]?.n ?? 0;

const deviceOf = async (type: 'pcs' | 'ems') => {
  const [d] = await ctx.database.db
    .select({ id: devices.id, sn: devices.sn })
    .from(devices)
    .where(and(eq(devices.stationId, station.id), eq(devices.type, type)))
    .orderBy(devices.sort, devices.id)
    .limit(1);
  if (!d) throw new Error(`JS-SZ01 has no ${type}`);
  return d;
};

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off' });
  token = await login(ctx.app, 'admin');
  station = { id: (await stationIdLookup(ctx.database.db))('JS-SZ01'), code: 'JS-SZ01' };
  pcs = await deviceOf('pcs');
  ems = await deviceOf('ems');
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the command service as the last line', () => {
  const target = (d: { id: number; sn: string }) => ({
    stationId: station.id,
    stationCode: station.code,
    deviceId: d.id,
    sn: d.sn,
  });

  it('refuses a direct issue of an out-of-range value: 400, no command stored', async () => {
    const before = await commandCount();
    const refused = await ctx.app.commands
      .issue(
        {
          target: target(pcs),
          origin: 'control',
          lane: deviceLane(pcs.id),
          points: { pSet: 60_000 },
          issuedBy: 1,
        },
        'en_US',
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, code: ResultCode.BAD_REQUEST });
    const unknown = await ctx.app.commands
      .issue({ target: target(pcs), origin: 'control', lane: null, points: { p: 1 }, issuedBy: 1 }, 'en_US')
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(unknown).toMatchObject({ status: 400 });
    const plan = await ctx.app.commands
      .issue(
        {
          target: target(ems),
          origin: 'planCurve',
          lane: null,
          config: {
            code: 'X',
            name: 'X',
            version: 1,
            segments: [{ start: '00:00', end: '24:00', powerKw: 3_000, socMin: 0, socMax: 100 }],
          },
          issuedBy: 1,
        },
        'en_US',
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(plan).toMatchObject({ status: 400 });
    expect(await commandCount()).toBe(before);
  });

  it('stores and sends a value within range', async () => {
    const before = await commandCount();
    const row = await ctx.app.commands.issue(
      { target: target(pcs), origin: 'control', lane: deviceLane(pcs.id), points: { pSet: 1_250 }, issuedBy: 1 },
      'en_US',
    );
    expect(row).toMatchObject({ pointCode: 'pSet', value: 1_250 });
    expect(await commandCount()).toBe(before + 1);
  });
});

describe('the EMS station setpoint', () => {
  const setPoint = async (value: number, lang = 'en_US') =>
    call(
      ctx.app,
      token,
      'POST',
      '/api/business/singapore/setPoint',
      { stationId: station.id, value, ...(await sealedPassword(ctx.app)) },
      lang,
    );

  it('refuses 65,535 kW for a 2,500 kW station and accepts 2,500: the rated power is the bound', async () => {
    const device = await answeringDevice(ctx, { ...ems, stationId: station.id, code: station.code }, succeed);
    try {
      const before = await commandCount();
      for (const value of [65_535, 2_500.1, -2_600]) {
        const res = await setPoint(value);
        expect(res.statusCode, `${value}`).toBe(400);
        expect(res.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, data: { field: 'value' } });
      }
      expect((await setPoint(65_535)).json().msg).toBe(
        "The value of Station power setpoint must be between -2500 and 2500: the station's rated power is 2500 kW",
      );
      expect((await setPoint(65_535, 'zh_CN')).json().msg).toBe(
        '站有功功率设定 的数值须在 -2500 到 2500 之间（电站额定功率 2500 kW）',
      );
      expect(await commandCount()).toBe(before);
      expect(device.received).toHaveLength(0);

      for (const value of [2_500, -2_500]) {
        const ok = await setPoint(value);
        expect(ok.statusCode, ok.body).toBe(200);
        const id: number = ok.json().data.id;
        const [row] = await ctx.database.db.select().from(commands).where(eq(commands.id, id));
        expect(row).toMatchObject({ deviceId: ems.id, pointCode: 'pSet', value });
        // The device answers at once; the next one waits for it (one command per device).
        await vi.waitFor(async () => {
          const [settled] = await ctx.database.db.select().from(commands).where(eq(commands.id, id));
          expect(settled?.state).toBe('success');
        });
      }
    } finally {
      await device.client.endAsync();
    }
  });

  it('follows a change of the rated power at once', async () => {
    await ctx.database.db.update(stations).set({ ratedPowerKw: 2_000 }).where(eq(stations.id, station.id));
    try {
      const res = await setPoint(2_500);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain("the station's rated power is 2000 kW");
    } finally {
      await ctx.database.db.update(stations).set({ ratedPowerKw: 2_500 }).where(eq(stations.id, station.id));
    }
  });
});
