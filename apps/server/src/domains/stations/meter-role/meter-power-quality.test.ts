import {
  assessSeries,
  type CurveSeries,
  deviationPct,
  type MeterConfig,
  type MeterConnection,
  voltageLimits,
} from '@ess/contract';
import { StationModel } from '@ess/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatingStations } from '../../../simulation/demo-simulation';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../device/sessions.kit';

const X = '/api/business/xinFengMing';
let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

/** Monday 00:00 in China; a day of 5-minute readings, as the history backfill takes them. */
const START = new Date('2025-07-06T16:00:00Z');
const STEP_S = 300;
const PHASES = ['ua', 'ub', 'uc'] as const;

const meterConfig = async (code: string): Promise<MeterConfig> => {
  const res = await call(ctx.app, tokens.admin, 'POST', `${X}/queryElecMeterConfig`, { stationId: sid(code) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A day of the simulated station's phase voltages at each of the given meters, as raw curve series. */
async function simulatedVoltages(code: string, sns: string[]): Promise<Map<string, CurveSeries[]>> {
  const station = (await operatingStations(ctx.database.db)).find((s) => s.code === code);
  if (!station) throw new Error(`no operating station ${code}`);
  const model = new StationModel(station, { seed: 7, start: START });
  const data = new Map(sns.map((sn) => [sn, PHASES.map(() => [] as [number, number][])]));
  for (let i = 1; i <= 86_400 / STEP_S; i++) {
    const t = new Date(START.getTime() + i * STEP_S * 1000);
    model.step(STEP_S, t);
    for (const sn of sns) {
      const r = model.readings(sn);
      for (const [k, code] of PHASES.entries()) data.get(sn)?.[k]?.push([t.getTime(), r?.[code] ?? Number.NaN]);
    }
  }
  return new Map(
    sns.map((sn) => [
      sn,
      PHASES.map((code, k) => ({
        deviceId: 0,
        code,
        name: code,
        unit: 'V',
        resolution: 'raw',
        bucketMs: null,
        data: data.get(sn)?.[k] ?? [],
      })),
    ]),
  );
}

const connectionOf = (c: MeterConfig, sn: string): MeterConnection | undefined =>
  c.meters.find((m) => m.sn === sn)?.connection;
const mean = (s: CurveSeries) => s.data.reduce((a, [, v]) => a + v, 0) / s.data.length;

describe('power quality judged against each meter’s own connection', () => {
  it('finds the 10 kV gateway meter within limits on its 57.7 V secondary and its 10 kV primary', async () => {
    const config = await meterConfig('JS-SZ01');
    const gw = connectionOf(config, 'JS-SZ01-MTR-GW');
    expect(gw).toMatchObject({ nominalVoltageV: 10_000, ptRatio: 100 });
    expect(gw?.ctRatio).toBeGreaterThan(1);
    if (!gw) return;
    const series = (await simulatedVoltages('JS-SZ01', ['JS-SZ01-MTR-GW'])).get('JS-SZ01-MTR-GW') ?? [];
    expect(series).toHaveLength(3);
    for (const s of series) {
      expect(s.data.length).toBe(288);
      // Its inputs read about 58 V, far below 230 V: judged by 230 V this was a day-long under-voltage.
      const secondary = assessSeries(s, voltageLimits(gw, 'secondary'));
      expect(secondary.excursions, s.code).toEqual([]);
      expect(secondary.withinShare, s.code).toBe(1);
      // The feeder runs a little above its 10 kV: a deviation of a few per cent, not −74 %.
      const dev = deviationPct(mean(s), voltageLimits(gw, 'secondary'));
      expect(Math.abs(dev), s.code).toBeLessThan(5);
      // On the primary side (× PT ratio) the same verdict, in kV of the feeder.
      const primary: CurveSeries = { ...s, data: s.data.map(([ts, v]) => [ts, v * gw.ptRatio]) };
      const onPrimary = assessSeries(primary, voltageLimits(gw, 'primary'));
      expect(onPrimary.withinShare).toBe(1);
      expect(deviationPct(mean(primary), voltageLimits(gw, 'primary'))).toBeCloseTo(dev, 9);
    }
  }, 60_000);

  it('still judges the low-voltage meters against 230/400 V', async () => {
    const lv = ['GD-GZ01-MTR-GW', 'GD-GZ01-MTR-ES', 'GD-GZ01-MTR-LD'];
    const config = await meterConfig('GD-GZ01');
    const byMeter = await simulatedVoltages('GD-GZ01', lv);
    for (const sn of lv) {
      const c = connectionOf(config, sn);
      expect(c, sn).toEqual({ nominalVoltageV: 400, ptRatio: 1, ctRatio: 1 });
      if (!c) continue;
      expect(voltageLimits(c, 'secondary').nominal).toBeCloseTo(230.9, 1);
      for (const s of byMeter.get(sn) ?? []) {
        expect(assessSeries(s, voltageLimits(c, 'secondary')).withinShare, `${sn} ${s.code}`).toBe(1);
        expect(Math.abs(deviationPct(mean(s), voltageLimits(c, 'secondary'))), sn).toBeLessThan(5);
      }
    }
  }, 60_000);

  it('lets the maintainer set a meter’s connection, validated, in their own stations only', async () => {
    const station = sid('GD-SZ01');
    const meter = (await meterConfig('GD-SZ01')).meters.find((m) => m.sn === 'GD-SZ01-MTR-LD');
    expect(meter?.connection).toEqual({ nominalVoltageV: 400, ptRatio: 1, ctRatio: 1 });
    const body = {
      stationId: station,
      deviceId: meter?.deviceId,
      connection: { nominalVoltageV: 10_000, ptRatio: 100, ctRatio: 40 },
    };
    const set = await call(ctx.app, tokens.maintainer, 'POST', `${X}/updateElecMeterConnection`, body);
    expect(set.statusCode, set.body).toBe(200);
    expect(connectionOf(set.json().data, 'GD-SZ01-MTR-LD')).toEqual(body.connection);
    expect(connectionOf(await meterConfig('GD-SZ01'), 'GD-SZ01-MTR-LD')).toEqual(body.connection);

    const bad = await call(
      ctx.app,
      tokens.maintainer,
      'POST',
      `${X}/updateElecMeterConnection`,
      { ...body, connection: { nominalVoltageV: 10_000, ptRatio: 0, ctRatio: 40 } },
      'en_US',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/ptRatio/);
    const operator = await call(ctx.app, tokens.operator, 'POST', `${X}/updateElecMeterConnection`, body);
    expect(operator.statusCode).toBe(403);
    const notMeter = await call(ctx.app, tokens.maintainer, 'POST', `${X}/updateElecMeterConnection`, {
      ...body,
      deviceId: (await meterConfig('GD-GZ01')).meters[0]?.deviceId,
    });
    expect(notMeter.statusCode).toBe(400);
    const outside = await call(ctx.app, tokens.maintainer, 'POST', `${X}/updateElecMeterConnection`, {
      ...body,
      stationId: sid('JS-SZ01'),
    });
    expect(outside.statusCode).toBe(404);
  });
});
