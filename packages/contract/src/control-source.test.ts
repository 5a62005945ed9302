import { describe, expect, it } from 'vitest';
import {
  CONTROL_SOURCE_NAMES,
  CONTROL_SOURCES,
  controlSourceCode,
  controlSourceOf,
  overrides,
  PLAN_ACCEPTANCE,
} from './control-source';
import { dispatchDeviationKw, plannedPowerKw } from './plan-control';

describe('control precedence', () => {
  it('orders protection > local > sequence > setpoint > plan curve > TOU > none (docs/control-precedence.md)', () => {
    expect(CONTROL_SOURCES).toEqual(['none', 'tou', 'planCurve', 'setpoint', 'sequence', 'local', 'protection']);
    expect(overrides('setpoint', 'planCurve')).toBe(true);
    expect(overrides('planCurve', 'setpoint')).toBe(false);
    expect(overrides('local', 'sequence')).toBe(true);
    for (const s of CONTROL_SOURCES) {
      expect(controlSourceOf(controlSourceCode(s))).toBe(s);
      expect(Object.values(CONTROL_SOURCE_NAMES[String(controlSourceCode(s))] ?? {})).toHaveLength(4);
    }
    expect(controlSourceOf(7)).toBeNull();
  });

  it('a plan releases setpoints, is refused by local control and sequences, and leaves protection to its unit', () => {
    expect(PLAN_ACCEPTANCE.setpoint).toBe('releases');
    expect(PLAN_ACCEPTANCE.local).toBe('refuses');
    expect(PLAN_ACCEPTANCE.sequence).toBe('refuses');
    expect(PLAN_ACCEPTANCE.protection).toBe('keeps');
    expect(PLAN_ACCEPTANCE.tou).toBe('takes');
  });

  it('plans within the SOC window and measures the deviation from it', () => {
    const seg = { start: '00:00', end: '24:00', powerKw: -800, socMin: 10, socMax: 90 };
    expect(plannedPowerKw(seg, 50)).toBe(-800);
    expect(plannedPowerKw(seg, 90)).toBe(0);
    expect(plannedPowerKw({ ...seg, powerKw: 500 }, 10)).toBe(0);
    expect(plannedPowerKw(null, 50)).toBe(0);
    expect(dispatchDeviationKw(-800, 499)).toBe(1299);
  });
});
