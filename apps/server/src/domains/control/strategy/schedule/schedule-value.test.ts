import { describe, expect, it } from 'vitest';
import type { ScheduleInput } from './schedule-types';
import { checkSchedule, scheduleValue } from './schedule-value';

/** Two steps, 100 kWh, η = 0.9/0.8, import 0.2 then 0.5, export paid 0.1. */
const input: ScheduleInput = {
  buyPrice: [0.2, 0.5],
  sellPrice: [0.1, 0.1],
  loadKw: [40, 40],
  pvKw: [0, 0],
  capacityKwh: 100,
  maxChargeKw: 80,
  maxDischargeKw: 80,
  etaCharge: 0.9,
  etaDischarge: 0.8,
  socMin: 0.1,
  socMax: 0.9,
  soc0: 0.5,
  socEndMin: 0.3,
  demandLimitKw: 100,
  exportAllowed: true,
  degradationCostPerKwh: 0.01,
};

describe('scheduleValue', () => {
  it('follows the battery physics and prices the bill difference', () => {
    const s = scheduleValue(input, [-40, 60]);
    // Charge 10 kWh at 0.9 → +9 kWh; discharge 15 kWh at 0.8 → −18.75 kWh.
    expect(s.soc[1]).toBeCloseTo(0.59, 12);
    expect(s.soc[2]).toBeCloseTo(0.4025, 12);
    expect(s.gridKw).toEqual([80, -20]);
    expect(s.chargedKwh).toBe(10);
    expect(s.dischargedKwh).toBe(15);
    // Bill without: 10·0.2 + 10·0.5 = 7; with: 20·0.2 − 5·0.1 = 3.5; degradation 25·0.01.
    expect(s.revenue).toBeCloseTo(7 - 3.5 - 0.25, 12);
    expect(s.demandViolationKw).toBe(0);
  });

  it('credits export at no more than the import price of the step', () => {
    const s = scheduleValue({ ...input, sellPrice: [1, 1] }, [0, 60]);
    // Export of 20 kW in step 2 is credited at min(1, 0.5).
    expect(s.revenue).toBeCloseTo(10 * 0.5 + 5 * 0.5 - 15 * 0.01, 12);
  });
});

describe('checkSchedule', () => {
  it('accepts a feasible schedule', () => {
    expect(checkSchedule(input, scheduleValue(input, [-40, 60]))).toEqual([]);
  });

  it('names every broken constraint', () => {
    const over = scheduleValue(input, [-80, 0]);
    over.soc[2] = 0.5;
    over.demandViolationKw = 0; // under-reported: 20 kW over the limit
    const problems = checkSchedule({ ...input, maxChargeKw: 50, demandLimitKw: 100, socMax: 0.6 }, over);
    expect(problems.join('\n')).toMatch(/step 0: charge 80 kW above 50/);
    expect(problems.join('\n')).toMatch(/step 0: SOC 0.68 outside/);
    expect(problems.join('\n')).toMatch(/step 0: import 120 kW above the limit 100 beyond the reported violation/);
    expect(problems.join('\n')).toMatch(/step 1: SOC 0.5 does not follow the battery dynamics/);
    const exporting = scheduleValue({ ...input, exportAllowed: false }, [0, 60]);
    expect(checkSchedule({ ...input, exportAllowed: false }, exporting)).toEqual([
      'step 1: discharge 60 kW exports (load − pv 40) where export is forbidden',
    ]);
    const low = scheduleValue(input, [80, 80]);
    expect(checkSchedule(input, low).join('\n')).toMatch(/end SOC .* below 0.3/);
  });
});
