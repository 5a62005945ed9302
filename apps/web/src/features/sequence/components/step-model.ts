import type { CheckOp, SequenceStep } from '@ess/contract';

/** One step as the editor holds it: the check flattened into optional fields. */
export type StepValues = {
  name: string;
  deviceType: SequenceStep['deviceType'];
  index: number | null;
  sn: string | null;
  pointCode: string;
  value: number;
  checkPointCode?: string | null;
  checkOp?: CheckOp | null;
  checkValue?: number | null;
  timeoutS: number;
};

export const toStepValues = (s: SequenceStep): StepValues => ({
  name: s.name,
  deviceType: s.deviceType,
  index: s.index,
  sn: s.sn,
  pointCode: s.pointCode,
  value: s.value,
  checkPointCode: s.check?.pointCode ?? null,
  checkOp: s.check?.op ?? null,
  checkValue: s.check?.value ?? null,
  timeoutS: s.timeoutS,
});

/** The step the server takes; a check only when its point, operator and value are all given. */
export const fromStepValues = (v: StepValues): SequenceStep => ({
  name: v.name.trim(),
  deviceType: v.deviceType,
  index: v.index ?? null,
  sn: v.sn ?? null,
  pointCode: v.pointCode,
  value: v.value,
  check:
    v.checkPointCode && v.checkOp && typeof v.checkValue === 'number'
      ? { pointCode: v.checkPointCode, op: v.checkOp, value: v.checkValue }
      : null,
  timeoutS: v.timeoutS,
});

export const newStep = (): Partial<StepValues> => ({ deviceType: 'pcs', index: null, sn: null, timeoutS: 30 });

/** The editor's form: name, whether only for this station, the ordered steps. */
export type TemplateValues = { name: string; scoped: boolean; steps: StepValues[] };
