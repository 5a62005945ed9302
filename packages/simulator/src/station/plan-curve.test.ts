import type { PlanCurveConfig } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { EMS_MODE } from '../devices/ems';
import { demoStation } from '../testing/demo-stations';
import { StationModel } from './station-model';

const STEP_S = 60;
const START = new Date('2025-07-07T02:00:00Z');

function station() {
  const m = new StationModel(demoStation('JS-SZ01'), { seed: 3, start: START });
  const ems = m.devices.find((d) => d.layout.type === 'ems');
  if (!ems) throw new Error('no EMS');
  return { m, emsSn: ems.layout.sn };
}

/** The station's SOC as the platform's totals show it: mean of the units, weighted by energy. */
const socOf = (m: StationModel): number => {
  const units = m.storageUnits;
  const e = units.reduce((s, u) => s + u.usableKwh, 0);
  return units.reduce((s, u) => s + u.soc * u.usableKwh, 0) / e;
};

const plan = (segments: PlanCurveConfig['segments']): PlanCurveConfig => ({
  code: 'PC-T',
  name: 'test',
  version: 1,
  segments,
});

describe('plan curve in the station model', () => {
  it('follows a delivered plan within its SOC window and returns to the strategy on modeSet 1', () => {
    const { m, emsSn } = station();
    const soc0 = socOf(m);
    const socMax = Math.min(90, soc0 + 4);
    const r = m.answer(
      emsSn,
      {
        kind: 'planCurve',
        points: {},
        config: plan([{ start: '00:00', end: '24:00', powerKw: -600, socMin: 0, socMax }]),
      },
      m.time,
    );
    expect(r).toEqual({ status: 'success' });
    expect(m.readings(emsSn)?.mode).toBe(EMS_MODE.planCurve);

    let t = m.time.getTime();
    const following: number[] = [];
    let stopped = false;
    for (let i = 0; i < 6 * 60 && !stopped; i++) {
      t += STEP_S * 1000;
      m.step(STEP_S, new Date(t));
      const soc = socOf(m);
      // Well inside the window the station charges at the planned power.
      if (soc < socMax - 1.5) following.push(m.balance.storageKw);
      if (m.storageUnits.every((u) => u.soc >= socMax)) stopped = true;
    }
    expect(following.length).toBeGreaterThan(5);
    for (const kw of following) expect(Math.abs(kw - -600)).toBeLessThan(600 * 0.05);
    expect(stopped).toBe(true);
    // At the upper limit it stops charging and stays there.
    for (let i = 0; i < 10; i++) {
      t += STEP_S * 1000;
      m.step(STEP_S, new Date(t));
      expect(m.balance.storageKw).toBeGreaterThan(-1);
    }
    expect(socOf(m)).toBeLessThan(socMax + 0.5);

    expect(m.command(emsSn, { modeSet: 1 }, m.time)).toEqual({ status: 'success' });
    expect(m.readings(emsSn)?.mode).toBe(EMS_MODE.strategy);
  });

  it('stops discharging at the lower SOC limit and is idle outside the segments', () => {
    const { m, emsSn } = station();
    const socMin = Math.max(10, socOf(m) - 3);
    const r = m.planCurve(emsSn, plan([{ start: '00:00', end: '24:00', powerKw: 400, socMin, socMax: 100 }]));
    expect(r.status).toBe('success');
    let t = m.time.getTime();
    let most = 0;
    for (let i = 0; i < 8 * 60; i++) {
      t += STEP_S * 1000;
      m.step(STEP_S, new Date(t));
      expect(m.balance.storageKw).toBeLessThanOrEqual(400 + 1);
      most = Math.max(most, m.balance.storageKw);
    }
    // It did discharge (the load behind the meter allows some, anti-backflow may trim it).
    expect(most).toBeGreaterThan(100);
    // Discharge stops once every unit reached the limit (one step past it at most).
    expect(socOf(m)).toBeGreaterThan(socMin - 0.5);
    expect(Math.abs(m.balance.storageKw)).toBeLessThan(1);

    // A plan with no segment at this hour holds the storage idle.
    const empty = m.planCurve(emsSn, plan([{ start: '00:00', end: '00:15', powerKw: -500, socMin: 0, socMax: 100 }]));
    expect(empty.status).toBe('success');
    const local = new Date(m.time.getTime() + 8 * 3_600_000);
    if (local.getUTCHours() * 60 + local.getUTCMinutes() > 30) {
      t += STEP_S * 1000;
      m.step(STEP_S, new Date(t));
      expect(Math.abs(m.balance.storageKw)).toBeLessThan(1);
    }
  });

  it('refuses an invalid plan and keeps the one in force', () => {
    const { m, emsSn } = station();
    const good = plan([{ start: '00:00', end: '24:00', powerKw: -100, socMin: 0, socMax: 100 }]);
    expect(m.planCurve(emsSn, good).status).toBe('success');

    const overlap = m.planCurve(
      emsSn,
      plan([
        { start: '00:00', end: '12:00', powerKw: -100, socMin: 0, socMax: 100 },
        { start: '11:00', end: '13:00', powerKw: 100, socMin: 0, socMax: 100 },
      ]),
    );
    expect(overlap).toEqual({ status: 'failure', message: 'invalid plan curve: segmentsOverlap' });
    const soc = m.planCurve(emsSn, plan([{ start: '01:00', end: '02:00', powerKw: 1, socMin: 80, socMax: 20 }]));
    expect(soc).toEqual({ status: 'failure', message: 'invalid plan curve: socOrder' });
    const shape = m.planCurve(emsSn, { code: 'X', segments: [] });
    expect(shape.status).toBe('failure');
    expect(shape.message).toMatch(/^invalid plan curve: /);
    expect(m.planCurve(emsSn, undefined)).toEqual({ status: 'failure', message: 'no config in the command' });
    // Only the EMS takes plans.
    const pcs = m.devices.find((d) => d.layout.type === 'pcs' || d.layout.type === 'cabinet');
    expect(m.planCurve(pcs?.layout.sn ?? 'none', good).status).toBe('failure');

    const ems = m.devices.find((d) => d.layout.sn === emsSn);
    expect(ems && 'plan' in ems ? ems.plan : null).toEqual(good);
  });
});
