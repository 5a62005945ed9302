import { describe, expect, it } from 'vitest';
import { dispatchStorage } from './storage-dispatch';

const free = (chargeKw: number, dischargeKw: number) => ({ chargeKw, dischargeKw, overrideKw: null });

describe('dispatchStorage', () => {
  it('shares a discharge target in proportion to what each unit can give', () => {
    expect(dispatchStorage(150, [free(100, 100), free(100, 50)], 1000)).toEqual([100, 50]);
    expect(dispatchStorage(75, [free(100, 100), free(100, 50)], 1000)).toEqual([50, 25]);
  });

  it('shares a charge target and never exceeds a unit limit', () => {
    expect(dispatchStorage(-500, [free(100, 100), free(40, 100)], 1000)).toEqual([-100, -40]);
  });

  it('lets a unit setpoint win and gives the rest to the others', () => {
    const units = [{ chargeKw: 100, dischargeKw: 100, overrideKw: -30 }, free(100, 100)];
    expect(dispatchStorage(50, units, 1000)).toEqual([-30, 80]);
  });

  it('clamps a unit setpoint to the unit limits', () => {
    expect(dispatchStorage(0, [{ chargeKw: 10, dischargeKw: 100, overrideKw: -80 }], 1000)).toEqual([-10]);
  });

  it('never discharges more than load − PV (anti-backflow)', () => {
    const out = dispatchStorage(200, [free(100, 100), free(100, 100)], 60);
    expect(out.reduce((s, p) => s + p, 0)).toBeCloseTo(60, 9);
    expect(dispatchStorage(200, [free(100, 100)], -25)).toEqual([0]);
  });

  it('trims only the discharging units when setpoints pull both ways', () => {
    const units = [
      { chargeKw: 100, dischargeKw: 100, overrideKw: -40 },
      { chargeKw: 100, dischargeKw: 100, overrideKw: 100 },
    ];
    const [a = 0, b = 0] = dispatchStorage(0, units, 20);
    expect(a).toBe(-40);
    expect(a + b).toBeCloseTo(20, 9);
  });
});
