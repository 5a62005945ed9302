import { CONTROL_SINCE_POINT, CONTROL_SOURCE_POINT, type ControlSource, controlSourceOf } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { demoStation } from '../testing/demo-stations';
import { StationModel } from './station-model';

const STEP_S = 60;
const START = new Date('2025-07-07T02:00:00Z');

function station() {
  const m = new StationModel(demoStation('JS-SZ01'), { seed: 3, start: START });
  const ems = m.devices.find((d) => d.layout.type === 'ems');
  if (!ems) throw new Error('no EMS');
  return { m, emsSn: ems.layout.sn, units: m.storageUnits.map((u) => u.layout.sn) };
}

const run = (m: StationModel, steps: number) => {
  let t = m.time.getTime();
  for (let i = 0; i < steps; i++) {
    t += STEP_S * 1000;
    m.step(STEP_S, new Date(t));
  }
};

const sourceOf = (m: StationModel, sn: string): ControlSource | null =>
  controlSourceOf(m.readings(sn)?.[CONTROL_SOURCE_POINT]);

const planConfig = (powerKw: number) => ({
  code: 'PC-T',
  name: 'test',
  version: 1,
  segments: [{ start: '00:00', end: '24:00', powerKw, socMin: 0, socMax: 100 }],
});

describe('control precedence in the station model', () => {
  it('a per-PCS setpoint followed by an accepted plan ends with the station following the plan', () => {
    const { m, emsSn, units } = station();
    const first = units[0] ?? '';
    const rated = m.storageUnits[0]?.ratedKw ?? 0;
    // The earlier manual setpoint: discharge at the unit's rating.
    expect(m.command(first, { pSet: rated / 2 }, m.time)).toEqual({ status: 'success' });
    run(m, 2);
    expect(sourceOf(m, first)).toBe('setpoint');
    expect(sourceOf(m, emsSn)).toBe('setpoint');

    const plannedKw = -0.5 * m.storageUnits.reduce((s, u) => s + u.ratedKw, 0);
    const accepted = m.answer(emsSn, { kind: 'planCurve', points: {}, config: planConfig(plannedKw) }, m.time);
    expect(accepted.status).toBe('success');
    expect(accepted.message).toContain(first);
    const acceptedAt = Math.floor(m.time.getTime() / 1000);
    run(m, 5);

    // Every unit, and so the station, follows the plan: charging at the planned power.
    for (const sn of units) expect(sourceOf(m, sn)).toBe('planCurve');
    expect(sourceOf(m, emsSn)).toBe('planCurve');
    expect(m.readings(emsSn)?.[CONTROL_SINCE_POINT]).toBeGreaterThanOrEqual(acceptedAt);
    expect(Math.abs(m.balance.storageKw - plannedKw)).toBeLessThan(Math.abs(plannedKw) * 0.05);
  });

  it('a station setpoint written after the plan overrides it, and the station says so', () => {
    const { m, emsSn } = station();
    expect(m.planCurve(emsSn, planConfig(-400), m.time).status).toBe('success');
    run(m, 2);
    expect(sourceOf(m, emsSn)).toBe('planCurve');
    expect(m.command(emsSn, { pSet: 0 }, m.time)).toEqual({ status: 'success' });
    const since = Math.floor(m.time.getTime() / 1000);
    run(m, 2);
    expect(sourceOf(m, emsSn)).toBe('setpoint');
    expect(m.readings(emsSn)?.[CONTROL_SINCE_POINT]).toBeGreaterThan(since);
    expect(Math.abs(m.balance.storageKw)).toBeLessThan(1);
  });

  it('refuses a plan while the EMS is stopped (local control) and keeps the stop', () => {
    const { m, emsSn } = station();
    expect(m.command(emsSn, { runControl: 0 }, m.time)).toEqual({ status: 'success' });
    run(m, 1);
    expect(sourceOf(m, emsSn)).toBe('local');
    const r = m.planCurve(emsSn, planConfig(-400), m.time);
    expect(r.status).toBe('failure');
    expect(r.message).toMatch(/local control/);
    run(m, 2);
    expect(sourceOf(m, emsSn)).toBe('local');
    expect(Math.abs(m.balance.storageKw)).toBeLessThan(1);
  });
});
