import { describe, expect, it } from 'vitest';
import { settingsOf } from '../test-data';
import { checkSettings, toFormValues } from './settings-model';

describe('strategy settings form model', () => {
  it('shows efficiencies in percent and sends them as fractions', () => {
    const values = toFormValues(settingsOf({ etaCharge: 0.95, etaDischarge: 0.935 }));
    expect(values.etaChargePct).toBe(95);
    expect(values.etaDischargePct).toBe(93.5);
    const checked = checkSettings(5, { ...values, demandLimitKw: undefined });
    expect(checked).toEqual({
      ok: true,
      body: {
        stationId: 5,
        demandLimitKw: null,
        antiBackflow: true,
        socMin: 10,
        socMax: 95,
        socEndTarget: 10,
        degradationCostPerKwh: 0.02,
        etaCharge: 0.95,
        etaDischarge: 0.935,
        enabled: true,
      },
    });
  });

  it('names the fields the contract schema refuses', () => {
    const values = toFormValues(settingsOf());
    const refused = (over: Partial<typeof values>) => {
      const c = checkSettings(5, { ...values, ...over });
      return c.ok ? [] : c.problems.map((p) => p.field);
    };
    expect(refused({ socMin: 80, socMax: 60, socEndTarget: 70 })).toEqual(['socMax']);
    expect(refused({ etaChargePct: 120 })).toEqual(['etaChargePct']);
    expect(refused({ etaDischargePct: 0 })).toEqual(['etaDischargePct']);
    expect(refused({ demandLimitKw: -5 })).toEqual(['demandLimitKw']);
    expect(refused({ socMin: 150 })).toEqual(['socMin', 'socMax']); // out of range and above the upper limit
    expect(refused({ degradationCostPerKwh: -1 })).toEqual(['degradationCostPerKwh']);
  });
});
