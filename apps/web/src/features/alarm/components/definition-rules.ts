import {
  ALARM_LIMITS,
  type AlarmCondition,
  type AlarmDefinitionBody,
  type AlarmDefinitionProblem,
  alarmDefinitionProblem,
} from '@ess/contract';
import type { TFunction } from 'i18next';

/** The form's values (threshold2 and the target fields may be empty while editing). */
export type DefinitionValues = {
  name: string;
  targetKind: 'type' | 'device';
  deviceType: AlarmDefinitionBody['deviceType'];
  deviceId: number | null | undefined;
  pointCode: string;
  condition: AlarmCondition;
  threshold: number | null;
  threshold2: number | null;
  holdSeconds: number | null;
  deadband: number | null;
  level: AlarmDefinitionBody['level'];
  content: string;
  enabled: boolean;
};

/** Which field a cross-field problem belongs to. */
export const PROBLEM_FIELD: Record<AlarmDefinitionProblem, keyof DefinitionValues> = {
  target: 'deviceType',
  threshold2Required: 'threshold2',
  threshold2Order: 'threshold2',
  bitIndex: 'threshold',
  nodataSeconds: 'threshold',
  holdNodata: 'holdSeconds',
};

/**
 * The form's values as the call's body, or the first rule between fields they break (the same
 * function the server checks with, so the form says what the server would).
 */
export function toDefinitionBody(
  v: DefinitionValues,
): { body: AlarmDefinitionBody; problem: null } | { body: null; problem: AlarmDefinitionProblem } {
  const body: AlarmDefinitionBody = {
    name: v.name.trim(),
    deviceId: v.targetKind === 'device' ? (v.deviceId ?? null) : null,
    deviceType: v.targetKind === 'type' ? (v.deviceType ?? null) : null,
    pointCode: v.pointCode,
    condition: v.condition,
    threshold: v.threshold ?? 0,
    threshold2: v.condition === 'outside' ? v.threshold2 : null,
    holdSeconds: v.condition === 'nodata' ? 0 : (v.holdSeconds ?? 0),
    deadband: v.deadband ?? 0,
    level: v.level,
    content: v.content.trim(),
    enabled: v.enabled,
  };
  const problem = alarmDefinitionProblem(body);
  return problem ? { body: null, problem } : { body, problem: null };
}

type Rule = { required?: boolean; message?: string; validator?: (_: unknown, v: unknown) => Promise<void> };

/** antd rules of a number field: required, within [min, max], whole where asked. */
export function numberRules(
  t: TFunction,
  field: string,
  min: number,
  max: number,
  opts: { integer?: boolean; required?: boolean } = {},
): Rule[] {
  return [
    { required: opts.required ?? true, message: t('alarm.definition.rules.required', { field }) },
    {
      validator: async (_, v) => {
        if (v === null || v === undefined || v === '') return;
        const n = Number(v);
        if (!Number.isFinite(n) || n < min || n > max)
          throw new Error(t('alarm.definition.rules.range', { field, min, max }));
        if (opts.integer && !Number.isInteger(n)) throw new Error(t('alarm.definition.rules.integer', { field }));
      },
    },
  ];
}

/** antd rules of a text field: required after trimming, at most `max` characters. */
export function textRules(t: TFunction, field: string, max: number): Rule[] {
  return [
    {
      validator: async (_, v) => {
        const s = typeof v === 'string' ? v.trim() : '';
        if (!s) throw new Error(t('alarm.definition.rules.required', { field }));
        if (s.length > max) throw new Error(t('alarm.definition.rules.tooLong', { field, max }));
      },
    },
  ];
}

export const LIMITS = ALARM_LIMITS;
