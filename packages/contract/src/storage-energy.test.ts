import { describe, expect, it } from 'vitest';
import {
  CHARGE_SOC_CEILING_PCT,
  chargeableKwh,
  DISCHARGE_SOC_FLOOR_PCT,
  dischargeableKwh,
  hoursToSocLimit,
  isWholeDay,
  quartersOfDay,
  roundTripEfficiency,
  wholeDayEfficiency,
} from './storage-energy';

const capacity = 2_000;

describe('storage energy', () => {
  it('measures available energy inside the SOC window, never below zero', () => {
    expect(dischargeableKwh(60, capacity)).toBeCloseTo(((60 - DISCHARGE_SOC_FLOOR_PCT) / 100) * capacity, 6);
    expect(chargeableKwh(60, capacity)).toBeCloseTo(((CHARGE_SOC_CEILING_PCT - 60) / 100) * capacity, 6);
    expect(dischargeableKwh(DISCHARGE_SOC_FLOOR_PCT - 2, capacity)).toBe(0);
    expect(chargeableKwh(CHARGE_SOC_CEILING_PCT + 1, capacity)).toBe(0);
    expect(dischargeableKwh(null, capacity)).toBeNull();
  });

  it('gives the hours to empty while discharging and to full while charging', () => {
    const soc = 55;
    const toEmpty = hoursToSocLimit(soc, capacity, 450);
    expect(toEmpty).toBeCloseTo((dischargeableKwh(soc, capacity) ?? 0) / 450, 9);
    const toFull = hoursToSocLimit(soc, capacity, -800);
    expect(toFull).toBeCloseTo((chargeableKwh(soc, capacity) ?? 0) / 800, 9);
    expect(hoursToSocLimit(soc, capacity, 0)).toBeNull();
    expect(hoursToSocLimit(null, capacity, 100)).toBeNull();
    expect(hoursToSocLimit(soc, capacity, null)).toBeNull();
  });

  it('takes round-trip efficiency as discharged over charged energy', () => {
    expect(roundTripEfficiency(200, 180)).toBeCloseTo(90, 9);
    expect(roundTripEfficiency(0, 5)).toBeNull();
    expect(roundTripEfficiency(null, 5)).toBeNull();
  });

  it('counts only ended days read in ≥ 95 % of their quarter-hours toward efficiency', () => {
    expect(quartersOfDay('2024-05-01', 'Asia/Shanghai')).toBe(96);
    expect(quartersOfDay('2024-03-31', 'Europe/Berlin')).toBe(92);
    expect(isWholeDay({ quarters: 92, expected: 96, ended: true })).toBe(true);
    expect(isWholeDay({ quarters: 91, expected: 96, ended: true })).toBe(false);
    expect(isWholeDay({ quarters: 96, expected: 96, ended: false })).toBe(false);
    const efficiency = wholeDayEfficiency([
      { chargeKwh: 3280, dischargeKwh: 5904, whole: false },
      { chargeKwh: 320, dischargeKwh: 288, whole: true },
    ]);
    expect(efficiency).toBeCloseTo(90, 9);
    expect(wholeDayEfficiency([{ chargeKwh: 3280, dischargeKwh: 5904, whole: false }])).toBeNull();
  });
});
