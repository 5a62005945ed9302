import { describe, expect, it } from 'vitest';
import { evaluateFormula, FormulaError, formulaInputs, parseFormula } from './formula';

const values: Record<string, number> = { 'S-PCS-1.p': 100, 'S-PCS-2.p': -40, 'S-MTR-GW.p': 250 };
const byType: Record<string, number[]> = { 'pcs.p': [100, -40], 'bms.soc': [50, 70, 60] };
const scope = {
  ref: (sn: string, code: string) => values[`${sn}.${code}`],
  select: (type: string, code: string) => byType[`${type}.${code}`] ?? [],
};
const calc = (f: string) => evaluateFormula(parseFormula(f), scope);

describe('virtual point formulas', () => {
  it('computes arithmetic with precedence, parentheses and unary minus', () => {
    expect(calc('1 + 2 * 3')).toBe(7);
    expect(calc('(1 + 2) * 3')).toBe(9);
    expect(calc('-{S-PCS-2.p} / 2')).toBe(20);
    expect(calc('2.5e1 - .5')).toBe(24.5);
  });
  it('reads device points and aggregates device types', () => {
    expect(calc('{S-PCS-1.p} + {S-PCS-2.p}')).toBe(60);
    expect(calc('sum(type:pcs.p)')).toBe(60);
    expect(calc('avg(type:bms.soc)')).toBe(60);
    expect(calc('max({S-PCS-1.p}, {S-MTR-GW.p}, 7)')).toBe(250);
    expect(calc('{S-MTR-GW.p} - sum(type:pcs.p)')).toBe(190);
  });
  it('has no value when an input or a quotient is missing', () => {
    expect(calc('{S-PCS-9.p} + 1')).toBeUndefined();
    expect(calc('avg(type:cabinet.soc)')).toBeUndefined();
    expect(calc('sum(type:cabinet.p)')).toBe(0);
    expect(calc('1 / 0')).toBeUndefined();
  });
  it('lists what a formula reads', () => {
    expect(formulaInputs(parseFormula('{S-PCS-1.p} + sum(type:bms.power)'))).toEqual({
      refs: [{ sn: 'S-PCS-1', code: 'p' }],
      selects: [{ type: 'bms', code: 'power' }],
    });
  });
  it('refuses malformed formulas with a position', () => {
    for (const bad of [
      '',
      '1 +',
      'foo(1)',
      'sum(type:virtual.p)',
      '{S-PCS-1}',
      '(1',
      '1 2',
      'process.exit()',
      'x'.repeat(3000),
    ]) {
      expect(() => parseFormula(bad), bad).toThrow(FormulaError);
    }
  });
});
