import { describe, expect, it } from 'vitest';
import { definitionUnit, quantityText, thresholdText } from './definition-points';

describe('definition values with units (issue 21 finding 9)', () => {
  it("reads thresholds and deadbands in the watched point's unit from the catalogue", () => {
    const rack = { deviceType: 'bms' as const, pointCode: 'cellTmax' };
    expect(definitionUnit(rack)).toBe('°C');
    expect(thresholdText({ condition: 'gt', threshold: 55, threshold2: null }, definitionUnit(rack))).toBe('> 55 °C');
    const insulation = { deviceType: 'bms' as const, pointCode: 'insulation' };
    expect(quantityText(400, definitionUnit(insulation))).toBe('400 kΩ');
    expect(thresholdText({ condition: 'outside', threshold: 200, threshold2: 250 }, 'V')).toBe('∉ [200, 250] V');
  });

  it('gives bits and silences their own terms, and a status point no unit', () => {
    expect(thresholdText({ condition: 'bit', threshold: 3, threshold2: null }, '°C')).toBe('bit 3');
    expect(thresholdText({ condition: 'nodata', threshold: 60, threshold2: null }, '°C')).toBe('60 s');
    const state = { deviceType: 'pcs' as const, pointCode: 'runState' };
    expect(thresholdText({ condition: 'eq', threshold: 3, threshold2: null }, definitionUnit(state))).toBe('= 3');
  });
});
