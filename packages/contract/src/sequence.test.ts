import { describe, expect, it } from 'vitest';
import { checkPasses, commandPointsOf, type SequenceStep, sequenceStep, sequenceTemplateProblem } from './sequence';

const step = (s: Partial<SequenceStep>): SequenceStep =>
  sequenceStep.parse({ name: 's', deviceType: 'pcs', pointCode: 'pSet', value: 0, timeoutS: 10, ...s });

describe('sequence templates', () => {
  it('offers the control and setpoint points of a type, the DC breaker among the PCS ones', () => {
    expect(commandPointsOf('pcs').sort()).toEqual(['dcBreaker', 'pSet', 'startStop']);
  });

  it('names the first problem and its step, in the order the form shows them', () => {
    expect(sequenceTemplateProblem({ stationId: null, steps: [] })).toEqual({ problem: 'noSteps', step: null });
    expect(sequenceTemplateProblem({ stationId: null, steps: [step({}), step({ value: 65_536 })] })).toMatchObject({
      problem: 'valueRange',
      step: 2,
    });
    // The catalogue's range of the PCS active-power setpoint (±1,250 kW) bounds a step, not ±65,535.
    expect(sequenceTemplateProblem({ stationId: null, steps: [step({ value: -1_250 })] })).toBeNull();
    expect(sequenceTemplateProblem({ stationId: null, steps: [step({ value: 1_251 })] })).toMatchObject({
      problem: 'valueRange',
      step: 1,
    });
    expect(sequenceTemplateProblem({ stationId: null, steps: [step({ timeoutS: 0 })] })?.problem).toBe('timeoutRange');
    expect(sequenceTemplateProblem({ stationId: null, steps: [step({ pointCode: 'p' })] })?.problem).toBe(
      'pointNotCommand',
    );
    expect(
      sequenceTemplateProblem({
        stationId: null,
        steps: [step({ check: { pointCode: 'soc', op: 'ge', value: 1 } })],
      })?.problem,
    ).toBe('checkPointUnknown');
    expect(sequenceTemplateProblem({ stationId: null, steps: [step({ sn: 'X' })] })?.problem).toBe('snNeedsStation');
    expect(sequenceTemplateProblem({ stationId: 3, steps: [step({ sn: 'X' })] })).toBeNull();
  });

  it('checks values with each operator', () => {
    expect(checkPasses('eq', 4, 4)).toBe(true);
    expect(checkPasses('eq', 4.1, 4)).toBe(false);
    expect(checkPasses('ne', 0, 4)).toBe(true);
    expect(checkPasses('ge', 90, 90)).toBe(true);
    expect(checkPasses('ge', 89.9, 90)).toBe(false);
    expect(checkPasses('le', -5, 0)).toBe(true);
  });
});
