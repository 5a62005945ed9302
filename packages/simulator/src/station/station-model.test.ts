import { EXAMPLE_TOU_SEGMENTS, type PointDef, periodAt } from '@ess/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { Meter } from '../devices/meter';
import { PvInverter } from '../devices/pv-inverter';
import type { SimDevice } from '../devices/sim-device';
import { SOC_MAX, SOC_MIN } from '../physics/battery';
import { roundTo } from '../physics/numeric';
import { reportedPoints } from '../telemetry/telemetry-encoder';
import { DEMO_STATIONS, demoStation } from '../testing/demo-stations';
import type { SimStation } from './sim-station';
import { StationModel } from './station-model';

const STEP_S = 60;
const WEEK_STEPS = (7 * 86_400) / STEP_S;
/** Sunday 16:00 UTC = Monday 00:00 in China: a July week (hot) and a January week (cold). */
const SUMMER = new Date('2025-07-06T16:00:00Z');
const WINTER = new Date('2025-01-05T16:00:00Z');

const pointLists = new Map<string, PointDef[]>();
/** The points the platform would see of a device, each rounded to its precision in the loop. */
const pointsOf = (d: SimDevice): PointDef[] => {
  let list = pointLists.get(d.model.code);
  if (!list) {
    list = reportedPoints(d.model);
    pointLists.set(d.model.code, list);
  }
  return list;
};

/** Simulates a week at 60 s steps and checks, at every step, what a platform screen relies on. */
function runWeek(station: SimStation, start: Date) {
  const m = new StationModel(station, { seed: 7, start });
  const problems = new Set<string>();
  const fail = (what: string) => problems.add(what);
  const first = new Map<string, Record<string, number>>();
  const last = new Map<string, Record<string, number>>();
  const integral = new Map<string, { pos: number; neg: number }>();
  const seen = { charged: 0, discharged: 0, chargeMissed: 0, dischargeMissed: 0 };
  const pvKwp = new Map<string, number>();
  for (const d of m.devices) if (d instanceof PvInverter) pvKwp.set(d.layout.sn, d.kwp);

  for (let i = 1; i <= WEEK_STEPS; i++) {
    const t = new Date(start.getTime() + i * STEP_S * 1000);
    m.step(STEP_S, t);
    const b = m.balance;
    if (Math.abs(b.gridKw - (b.loadKw - b.pvKw - b.storageKw)) > 1e-9) fail('grid ≠ load − PV − storage');

    for (const d of m.devices) {
      const sn = d.layout.sn;
      const raw = d.readings();
      const points = pointsOf(d);
      const v = Object.fromEntries(points.map((p) => [p.code, roundTo(raw[p.code] ?? Number.NaN, p.precision)]));
      if (!first.has(sn)) first.set(sn, v);
      if (Object.keys(raw).length !== points.length) fail(`${sn}: readings ≠ model points`);
      for (const p of points) {
        const x = v[p.code];
        if (x === undefined || !Number.isFinite(x)) fail(`${sn}.${p.code} not finite`);
        else if ((p.min !== undefined && x < p.min) || (p.max !== undefined && x > p.max))
          fail(`${sn}.${p.code}=${x} outside ${p.min} … ${p.max}`);
        const before = last.get(sn)?.[p.code];
        if (p.counter && before !== undefined && x !== undefined && x < before) fail(`${sn}.${p.code} decreased`);
      }
      last.set(sn, v);
      const power = v.p ?? v.power;
      if (power !== undefined) {
        const acc = integral.get(sn) ?? { pos: 0, neg: 0 };
        acc.pos += (Math.max(0, power) * STEP_S) / 3600;
        acc.neg += (Math.max(0, -power) * STEP_S) / 3600;
        integral.set(sn, acc);
      }
      if (d instanceof Meter) {
        const expected = { gateway: b.gridKw, storage: b.storageKw, pv: b.pvKw, load: b.loadKw }[d.role];
        if (Math.abs(d.powerKw - expected) > 1e-9) fail(`${d.role} meter ≠ balance`);
        if ((d.role === 'pv' || d.role === 'load') && d.powerKw < 0) fail(`${d.role} meter negative`);
      }
      const kwp = pvKwp.get(sn);
      if (kwp !== undefined) {
        const p = raw.p ?? 0;
        if (p > kwp) fail('PV above kWp');
        if (m.env.sunElevationDeg <= 0 && p !== 0) fail('PV at night');
      }
    }

    const period = periodAt(EXAMPLE_TOU_SEGMENTS, Math.floor(m.env.clock.minuteOfDay));
    for (const u of m.storageUnits) {
      const soc = u.soc;
      if (soc < SOC_MIN - 1e-6 || soc > SOC_MAX + 1e-6) fail(`SOC ${soc} outside the window`);
      for (const bat of u.batteries) {
        if (bat.cellTmax > 45 || bat.cellTmin < -5) fail(`cell temperature ${bat.cellTmin} … ${bat.cellTmax}`);
        if (bat.cellVmax > 3.6 || bat.cellVmin < 2.8) fail(`cell voltage ${bat.cellVmin} … ${bat.cellVmax}`);
      }
      if (u.enclosure.airTempC > 40 || u.enclosure.airTempC < 0) fail(`enclosure air ${u.enclosure.airTempC}`);
      if (period === 'valley') {
        if (u.powerKw < 0) seen.charged++;
        if (soc < SOC_MAX - 1 && u.powerKw >= 0) seen.chargeMissed++;
      } else if (period === 'peak' || period === 'sharp') {
        if (u.powerKw > 0) seen.discharged++;
        if (soc > SOC_MIN + 1 && b.loadKw - b.pvKw > 1 && u.powerKw <= 0) seen.dischargeMissed++;
      } else if (u.powerKw !== 0) fail(`storage works in a ${period} period`);
    }
    if (b.storageKw > Math.max(0, b.loadKw - b.pvKw) + 1e-9) fail('discharge above load − PV');
  }
  return { m, problems: [...problems], first, last, integral, seen };
}

describe.each(DEMO_STATIONS)('a July week of $code at 60 s steps', (station) => {
  let week: ReturnType<typeof runWeek>;
  beforeAll(() => {
    week = runWeek(station, SUMMER);
  }, 60_000);

  it('keeps every invariant at every step', () => {
    expect(week.problems).toEqual([]);
  });

  it('charges in the valley and discharges in the peaks when SOC allows', () => {
    expect(week.seen.charged).toBeGreaterThan(100);
    expect(week.seen.discharged).toBeGreaterThan(100);
    expect(week.seen.chargeMissed).toBe(0);
    expect(week.seen.dischargeMissed).toBe(0);
  });

  it('counts energy that matches the integral of the reported power within 1 %', () => {
    const pairs: [string, string][] = [
      ['forwardEnergy', 'pos'],
      ['reverseEnergy', 'neg'],
      ['dischargeEnergy', 'pos'],
      ['chargeEnergy', 'neg'],
      ['totalEnergy', 'pos'],
    ];
    let checked = 0;
    for (const [sn, acc] of week.integral) {
      for (const [counter, side] of pairs) {
        const a = week.first.get(sn)?.[counter];
        const z = week.last.get(sn)?.[counter];
        if (a === undefined || z === undefined) continue;
        const integral = side === 'pos' ? acc.pos : acc.neg;
        // The first reading already holds the first step's energy.
        expect(Math.abs(z - a - integral), `${sn}.${counter}`).toBeLessThanOrEqual(0.01 * integral + 0.5);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8);
  });

  it('generates PV by day', () => {
    const pv = [...week.integral].filter(([sn]) => sn.includes('-PV-'));
    expect(pv.length).toBeGreaterThan(0);
    for (const [, acc] of pv) expect(acc.pos).toBeGreaterThan(50);
  });
});

describe('a January week', () => {
  it('keeps batteries warm and every invariant in the cold', () => {
    const week = runWeek(demoStation('JS-SZ01'), WINTER);
    expect(week.problems).toEqual([]);
    expect(Math.min(...week.m.storageUnits.flatMap((u) => u.batteries.map((b) => b.cellTmin)))).toBeGreaterThan(5);
  }, 60_000);
});

describe('determinism', () => {
  const run = (seed: number) => {
    const m = new StationModel(demoStation('GD-GZ01'), { seed, start: SUMMER });
    for (let i = 1; i <= 600; i++) m.step(STEP_S, new Date(SUMMER.getTime() + i * STEP_S * 1000));
    return m.devices.map((d) => d.readings());
  };

  it('repeats itself for a seed and differs for another', () => {
    expect(run(3)).toEqual(run(3));
    expect(run(3)).not.toEqual(run(4));
  });
});
