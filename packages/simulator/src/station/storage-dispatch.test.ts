import { describe, expect, it } from 'vitest';
import { dispatchStorage } from './storage-dispatch';

const free = (chargeKw: number, dischargeKw: number, ratedKw = 100) => ({
  ratedKw,
  chargeKw,
  dischargeKw,
  overrideKw: null,
});

describe('dispatchStorage', () => {
  it('shares a target in proportion to the ratings; a unit at its limit leaves the rest to the others', () => {
    expect(dispatchStorage(150, [free(100, 100), free(100, 50)], 1000)).toEqual([100, 50]);
    expect(dispatchStorage(75, [free(100, 100), free(100, 50)], 1000)).toEqual([37.5, 37.5]);
    expect(dispatchStorage(90, [free(100, 100), free(100, 100), free(100, 10)], 1000)).toEqual([40, 40, 10]);
    expect(dispatchStorage(-150, [free(100, 100, 100), free(100, 100, 50)], 1000)).toEqual([-100, -50]);
  });

  it('shares a charge target and never exceeds a unit limit', () => {
    expect(dispatchStorage(-500, [free(100, 100), free(40, 100)], 1000)).toEqual([-100, -40]);
  });

  it('lets a unit setpoint win and gives the rest to the others', () => {
    const units = [{ ratedKw: 100, chargeKw: 100, dischargeKw: 100, overrideKw: -30 }, free(100, 100)];
    expect(dispatchStorage(50, units, 1000)).toEqual([-30, 80]);
  });

  it('clamps a unit setpoint to the unit limits', () => {
    expect(dispatchStorage(0, [{ ratedKw: 100, chargeKw: 10, dischargeKw: 100, overrideKw: -80 }], 1000)).toEqual([
      -10,
    ]);
  });

  it('never discharges more than load − PV (anti-backflow)', () => {
    const out = dispatchStorage(200, [free(100, 100), free(100, 100)], 60);
    expect(out.reduce((s, p) => s + p, 0)).toBeCloseTo(60, 9);
    expect(dispatchStorage(200, [free(100, 100)], -25)).toEqual([0]);
  });

  it('keeps grid import below the demand limit: less charging, then peak shaving', () => {
    // Net load 300 kW, limit 350: only 50 kW of the planned 200 kW charge fits.
    expect(dispatchStorage(-200, [free(100, 100), free(100, 100)], 300, 350)).toEqual([-25, -25]);
    // Net load 420 kW: the idle plan turns into a 70 kW discharge.
    expect(dispatchStorage(0, [free(100, 100), free(100, 100)], 420, 350)).toEqual([35, 35]);
    // A planned discharge above the need stays as planned.
    expect(dispatchStorage(150, [free(100, 100), free(100, 100)], 420, 350)).toEqual([75, 75]);
    // More than the units can give: they give all they have.
    expect(dispatchStorage(0, [free(100, 20), free(100, 30)], 500, 350)).toEqual([20, 30]);
  });

  it('trims only the discharging units when setpoints pull both ways', () => {
    const units = [
      { ratedKw: 100, chargeKw: 100, dischargeKw: 100, overrideKw: -40 },
      { ratedKw: 100, chargeKw: 100, dischargeKw: 100, overrideKw: 100 },
    ];
    const [a = 0, b = 0] = dispatchStorage(0, units, 20);
    expect(a).toBe(-40);
    expect(a + b).toBeCloseTo(20, 9);
  });
});
