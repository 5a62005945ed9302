import type { PointDef } from '@ess/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChargingPile, type Session } from '../devices/charging-pile';
import { Meter } from '../devices/meter';
import { Pcs } from '../devices/pcs';
import { PvInverter } from '../devices/pv-inverter';
import type { SimDevice } from '../devices/sim-device';
import { IDLE_KW } from '../physics/converter';
import { roundTo } from '../physics/numeric';
import { reportedPoints } from '../telemetry/telemetry-encoder';
import { DEMO_STATIONS, demoStation } from '../testing/demo-stations';
import type { SimStation } from './sim-station';
import { StationModel } from './station-model';
import { cyclesPerDay, windowAt } from './tou-schedule';

const STEP_S = 60;
const DAYS = 7;
const WEEK_STEPS = (DAYS * 86_400) / STEP_S;
/** Sunday 16:00 UTC = Monday 00:00 in China: a July week (hot) and a January week (cold). */
const SUMMER = new Date('2025-07-06T16:00:00Z');
const WINTER = new Date('2025-01-05T16:00:00Z');
/** Voltage a meter may read at its position: the 400 V bus, or a 10 kV meter's 100 V secondary. */
const LV_PHASE_RANGE = [215, 250] as const;
const MV_SECONDARY_RANGE = [54, 63] as const;

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

type SessionLog = {
  pile: string;
  arrivalSoc: number;
  finalSoc: number;
  minutes: number;
  /** Highest power below 50 % vehicle SOC and above 85 %, and what the car could take at most. */
  earlyKw: number;
  lateKw: number;
  vehicleMaxKw: number;
};

/** Simulates a week at 60 s steps and checks, at every step, what a platform screen relies on. */
function runWeek(station: SimStation, start: Date) {
  const m = new StationModel(station, { seed: 7, start });
  const { strategy } = m.profile;
  const problems = new Set<string>();
  const fail = (what: string) => problems.add(what);
  const first = new Map<string, Record<string, number>>();
  const last = new Map<string, Record<string, number>>();
  const integral = new Map<string, { pos: number; neg: number }>();
  const pvKwp = new Map<string, number>();
  for (const d of m.devices) if (d instanceof PvInverter) pvKwp.set(d.layout.sn, d.kwp);
  /** Storage power per local quarter hour as a share of the rating, day after day. */
  const profile = new Float64Array(DAYS * 96);
  /** The station's SOC (mean of its units, as the platform's virtual point) every hour. */
  const hourlySoc: number[] = [];
  /** Energy discharged per discharge window (keyed by its start minute since the epoch) and its local date. */
  const discharged = new Map<number, { date: string; kwh: number }>();
  let shaving = 0;
  const sessions: SessionLog[] = [];
  const open = new Map<ChargingPile, { s: Session; log: SessionLog }>();
  let pileSamples = 0;

  for (let i = 1; i <= WEEK_STEPS; i++) {
    const before = m.env.clock;
    const t = new Date(start.getTime() + i * STEP_S * 1000);
    m.step(STEP_S, t);
    const b = m.balance;
    if (Math.abs(b.gridKw - (b.loadKw - b.pvKw - b.storageKw)) > 1e-9) fail('grid ≠ load − PV − storage');

    for (const d of m.devices) {
      const sn = d.layout.sn;
      const raw = d.readings();
      const points = pointsOf(d);
      const v = Object.fromEntries(
        points.filter((p) => raw[p.code] !== undefined).map((p) => [p.code, roundTo(raw[p.code] ?? 0, p.precision)]),
      );
      if (!first.has(sn)) first.set(sn, v);
      const missing = points.filter((p) => raw[p.code] === undefined).map((p) => p.code);
      const noVehicle = d instanceof ChargingPile && d.session === null;
      if (missing.length > 0 && !(noVehicle && missing.join() === 'evSoc')) fail(`${sn}: no ${missing.join()}`);
      if (Object.keys(raw).some((code) => !points.some((p) => p.code === code))) fail(`${sn}: a code off the model`);
      for (const p of points) {
        const x = v[p.code];
        if (x === undefined) continue;
        if (!Number.isFinite(x)) fail(`${sn}.${p.code} not finite`);
        else if ((p.min !== undefined && x < p.min) || (p.max !== undefined && x > p.max))
          fail(`${sn}.${p.code}=${x} outside ${p.min} … ${p.max}`);
        const previous = last.get(sn)?.[p.code];
        if (p.counter && previous !== undefined && x < previous) fail(`${sn}.${p.code} decreased`);
      }
      last.set(sn, { ...last.get(sn), ...v });
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
        const mv = d.role === 'gateway' && m.profile.grid.meteredAt === 'mv';
        const [lo, hi] = mv ? MV_SECONDARY_RANGE : LV_PHASE_RANGE;
        for (const u of [v.ua, v.ub, v.uc])
          if (u === undefined || u < lo || u > hi) fail(`${d.role} meter at ${u} V, not ${lo} … ${hi}`);
      }
      if (d instanceof Pcs && (v.ua ?? 0) < LV_PHASE_RANGE[0]) fail(`PCS at ${v.ua} V`);
      const kwp = pvKwp.get(sn);
      if (kwp !== undefined) {
        const p = raw.p ?? 0;
        if (p > kwp) fail('PV above kWp');
        if (m.env.sunElevationDeg <= 0 && p !== 0) fail('PV at night');
      }
      if (d instanceof ChargingPile) {
        pileSamples++;
        if (raw.state === 1 && !(raw.evSoc !== undefined && raw.evSoc > 0))
          fail(`${sn} charging without a vehicle SOC`);
        const s = d.session;
        const o = open.get(d);
        if (o && o.s !== s) {
          sessions.push(o.log);
          open.delete(d);
        }
        if (s) {
          const log = open.get(d)?.log ?? {
            pile: sn,
            arrivalSoc: s.arrivalSoc,
            finalSoc: 0,
            minutes: 0,
            earlyKw: 0,
            lateKw: 0,
            vehicleMaxKw: s.vehicleMaxKw,
          };
          // The step's power belongs to the SOC the car had when the step began.
          const socBefore = log.finalSoc || s.arrivalSoc;
          if (socBefore < 50) log.earlyKw = Math.max(log.earlyKw, d.powerKw);
          if (socBefore > 85) log.lateKw = Math.max(log.lateKw, d.powerKw);
          log.finalSoc = s.soc;
          log.minutes = s.elapsedS / 60;
          open.set(d, { s, log });
        }
      }
    }

    // The storage's part of the week: SOC window, what it does in which window, demand limit.
    for (const u of m.storageUnits)
      for (const bat of u.batteries) {
        if (bat.soc < strategy.socMinPct - 1e-6 || bat.soc > strategy.socMaxPct + 1e-6)
          fail(`SOC ${bat.soc} outside ${strategy.socMinPct} … ${strategy.socMaxPct}`);
        if (bat.cellTmax > 45 || bat.cellTmin < -5) fail(`cell temperature ${bat.cellTmin} … ${bat.cellTmax}`);
        if (bat.cellVmax > 3.6 || bat.cellVmin < 2.8) fail(`cell voltage ${bat.cellVmin} … ${bat.cellVmax}`);
      }
    for (const u of m.storageUnits)
      if (u.enclosure.airTempC > 40 || u.enclosure.airTempC < 0) fail(`enclosure air ${u.enclosure.airTempC}`);
    const at = windowAt(m.windows, before.minuteOfDay);
    if (!at) fail('a minute outside every window');
    const intent = at?.window.intent ?? 'idle';
    const tolerance = IDLE_KW * m.storageUnits.length + 1e-6;
    const demandKw = strategy.demandLimitKw;
    const atLimit = Math.abs(b.gridKw - demandKw) <= tolerance;
    if (b.storageKw > IDLE_KW && intent !== 'discharge') {
      // Only to shave the demand: grid import held at the limit, or above it with all storage gives.
      const shavingAtCapacity = b.gridKw > demandKw && b.storageKw >= m.dispatchInfo.dischargeCapacityKw - tolerance;
      if (!atLimit && !shavingAtCapacity)
        fail(`discharges ${b.storageKw} kW in a ${intent} window at ${b.gridKw} kW import (limit ${demandKw})`);
      shaving++;
    }
    if (b.storageKw < -IDLE_KW && intent === 'discharge') fail('charges in a discharge window');
    if (b.storageKw < -IDLE_KW && intent === 'idle') fail('charges in an idle window');
    if (b.gridKw > demandKw + tolerance && b.storageKw < m.dispatchInfo.dischargeCapacityKw - tolerance)
      fail(`imports ${b.gridKw} kW above the ${demandKw} kW limit while storage could help`);
    if (b.storageKw > Math.max(0, b.loadKw - b.pvKw) + 1e-9) fail('discharge above load − PV');

    if (i % 60 === 0) hourlySoc.push(m.storageUnits.reduce((sum, u) => sum + u.soc, 0) / m.storageUnits.length);
    const q = Math.floor((i - 1) / 15);
    profile[q] = (profile[q] ?? 0) + b.storageKw / station.ratedPowerKw / 15;
    if (at && intent === 'discharge' && b.storageKw > 0) {
      const key = Math.round((t.getTime() - STEP_S * 1000) / 60_000 - at.offset);
      const w = discharged.get(key) ?? { date: before.date, kwh: 0 };
      if (at.offset < 1) w.date = before.date;
      w.kwh += (b.storageKw * STEP_S) / 3600;
      discharged.set(key, w);
    }
  }
  for (const o of open.values()) sessions.push(o.log);
  return {
    m,
    problems: [...problems],
    first,
    last,
    integral,
    profile,
    hourlySoc,
    discharged,
    shaving,
    sessions,
    pileSamples,
  };
}

type Week = ReturnType<typeof runWeek>;
const weeks = new Map<string, Week>();
const week = (code: string): Week => {
  const w = weeks.get(code);
  if (!w) throw new Error(`no week of ${code}`);
  return w;
};

beforeAll(() => {
  for (const s of DEMO_STATIONS) weeks.set(s.code, runWeek(s, SUMMER));
}, 120_000);

describe.each(DEMO_STATIONS)('a July week of $code at 60 s steps', (station) => {
  it('keeps every invariant at every step', () => {
    expect(week(station.code).problems).toEqual([]);
  });

  it('runs as many cycles a day as its tariff has peaks, each with real energy', () => {
    const w = week(station.code);
    const cycles = cyclesPerDay(w.m.windows);
    expect(cycles).toBeGreaterThan(0);
    const perDay = new Map<string, number>();
    for (const { date, kwh } of w.discharged.values())
      if (kwh > 0.1 * station.capacityKwh) perDay.set(date, (perDay.get(date) ?? 0) + 1);
    expect([...perDay.values()]).toEqual(Array(DAYS).fill(cycles));
  });

  it('counts energy that matches the integral of the reported power within 1 %', () => {
    const w = week(station.code);
    const pairs: [string, string][] = [
      ['forwardEnergy', 'pos'],
      ['reverseEnergy', 'neg'],
      ['dischargeEnergy', 'pos'],
      ['chargeEnergy', 'neg'],
      ['totalEnergy', 'pos'],
    ];
    let checked = 0;
    for (const [sn, acc] of w.integral) {
      for (const [counter, side] of pairs) {
        const a = w.first.get(sn)?.[counter];
        const z = w.last.get(sn)?.[counter];
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
    const pv = [...week(station.code).integral].filter(([sn]) => sn.includes('-PV-'));
    expect(pv.length).toBeGreaterThan(0);
    for (const [, acc] of pv) expect(acc.pos).toBeGreaterThan(50);
  });

  it('sees cars arrive at 15–60 %, charge with a taper above 80 % and leave', () => {
    const { sessions } = week(station.code);
    const piles = new Set(sessions.map((s) => s.pile)).size;
    expect(sessions.length).toBeGreaterThan(10 * piles);
    for (const s of sessions) {
      expect(s.arrivalSoc).toBeGreaterThanOrEqual(15);
      expect(s.arrivalSoc).toBeLessThanOrEqual(60);
      expect(s.finalSoc).toBeGreaterThan(s.arrivalSoc);
      expect(s.finalSoc).toBeLessThanOrEqual(100);
      expect(s.minutes).toBeLessThanOrEqual(90 + STEP_S / 60);
      // Past 85 % a car takes at most about half its peak power (the taper), however strong the pile.
      if (s.lateKw > 0) expect(s.lateKw).toBeLessThanOrEqual(0.55 * s.vehicleMaxKw);
      if (s.lateKw > 0 && s.earlyKw > 0) expect(s.lateKw).toBeLessThan(s.earlyKw);
    }
    expect(sessions.filter((s) => s.lateKw > 0 && s.earlyKw > 0).length).toBeGreaterThan(0);
  });
});

describe('a fleet, not five copies', () => {
  const codes = DEMO_STATIONS.map((s) => s.code);
  const pairs = codes.flatMap((a, i) => codes.slice(i + 1).map((b) => [a, b] as const));

  it('no two operating stations follow the same schedule', () => {
    /** Charge (−1), idle (0) or discharge (1) per quarter hour. */
    const modeOf = (x: number) => (x < -0.02 ? -1 : x > 0.02 ? 1 : 0);
    for (const [a, b] of pairs) {
      const pa = week(a).profile;
      const pb = week(b).profile;
      let distance = 0;
      let differentQuarters = 0;
      for (let q = 0; q < pa.length; q++) {
        distance += Math.abs((pa[q] ?? 0) - (pb[q] ?? 0)) / pa.length;
        if (modeOf(pa[q] ?? 0) !== modeOf(pb[q] ?? 0)) differentQuarters++;
      }
      // On average more than 3 % of the rating apart, and doing something else for over 1.5 hours a
      // day: stations on one tariff (GD-SZ01, GD-GZ01) differ by strategy only, so no more than that.
      expect(distance, `${a} vs ${b}`).toBeGreaterThan(0.03);
      expect(differentQuarters / DAYS, `${a} vs ${b}`).toBeGreaterThan(6);
    }
  });

  it('shows no two stations at the same SOC for long (no fleet parked at one floor)', () => {
    const shown = (x: number) => x.toFixed(1);
    for (const [a, b] of pairs) {
      const sa = week(a).hourlySoc;
      const sb = week(b).hourlySoc;
      const same = sa.filter((x, k) => shown(x) === shown(sb[k] ?? -1)).length;
      expect(same / sa.length, `${a} vs ${b}`).toBeLessThan(0.05);
    }
  });

  it('starts each station at its own SOC and gives every rack its own health, efficiency and cells', () => {
    const start = codes.map((c) => week(c).m.profile.startSocPct.toFixed(1));
    expect(new Set(start).size).toBe(codes.length);
    const batteries = codes.flatMap((c) => week(c).m.storageUnits.flatMap((u) => u.batteries));
    const distinct = (xs: number[]) => new Set(xs.map((x) => x.toFixed(6))).size;
    expect(distinct(batteries.map((b) => b.soh))).toBe(batteries.length);
    expect(distinct(batteries.map((b) => b.etaCharge))).toBe(batteries.length);
    const soh = batteries.map((b) => b.soh);
    expect(Math.max(...soh) - Math.min(...soh)).toBeGreaterThan(2);
    expect(Math.max(...soh)).toBeLessThan(100);
    // Cell voltage spreads at rest differ from rack to rack (tens of millivolts).
    const spreads = batteries.map((b) => b.cellVmax - b.cellVmin);
    expect(Math.max(...spreads)).toBeGreaterThan(1.5 * Math.min(...spreads));
    // Racks of one station drift a little apart.
    for (const c of codes) {
      const socs = week(c).m.storageUnits.flatMap((u) => u.batteries.map((b) => b.soc));
      if (socs.length > 1) expect(Math.max(...socs) - Math.min(...socs), c).toBeGreaterThan(0.05);
    }
  });

  it('shaves demand peaks with storage when the load alone would exceed the contract', () => {
    expect(codes.reduce((n, c) => n + week(c).shaving, 0)).toBeGreaterThan(0);
  });

  it('reads meter voltages at each meter’s connection: 10 kV gateway secondaries, 400 V elsewhere', () => {
    const levels = codes.map((c) => week(c).m.profile.grid.meteredAt);
    expect(levels).toContain('mv');
    expect(levels).toContain('lv');
    for (const c of codes) {
      const gw = week(c).last.get(`${c}-MTR-GW`)?.ua ?? 0;
      const ld = week(c).last.get(`${c}-MTR-LD`)?.ua ?? 0;
      expect(ld).toBeGreaterThan(LV_PHASE_RANGE[0]);
      if (week(c).m.profile.grid.meteredAt === 'mv') expect(gw).toBeLessThan(MV_SECONDARY_RANGE[1]);
      else expect(gw).toBeGreaterThan(LV_PHASE_RANGE[0]);
    }
  });
});

describe('a January week', () => {
  it('keeps batteries warm and every invariant in the cold', () => {
    const w = runWeek(demoStation('JS-SZ01'), WINTER);
    expect(w.problems).toEqual([]);
    expect(Math.min(...w.m.storageUnits.flatMap((u) => u.batteries.map((b) => b.cellTmin)))).toBeGreaterThan(5);
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
