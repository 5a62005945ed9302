import { type CommandValueProblem, catalogueValueProblem, type SequenceStep } from '@ess/contract';
import type { TFunction } from 'i18next';

/** A step value's problem in the form's words (the server says the same, with the point's name). */
export function valueProblemText(t: TFunction, step: number, p: CommandValueProblem): string {
  switch (p.problem) {
    case 'notCommand':
      return t('sequence.problem.pointNotCommand', { step });
    case 'state':
      return t('sequence.problem.valueState', { step, states: p.states.join(', ') });
    default:
      return t('sequence.problem.valueRange', { step, min: p.min, max: p.max });
  }
}

/** Why a step's value may not be sent to any model of its device type (the catalogue), or null. */
export const stepValueProblem = (
  type: SequenceStep['deviceType'] | undefined,
  pointCode: string | undefined,
  value: unknown,
): CommandValueProblem | null =>
  type && pointCode && typeof value === 'number' ? catalogueValueProblem(type, pointCode, value) : null;
