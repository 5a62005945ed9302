import { z } from 'zod';
import { type CommandValueProblem, catalogueValueProblem } from './command-value';
import { controlPassword } from './control-auth';
import { DEVICE_TYPES, type DeviceType } from './device';
import { DEVICE_MODELS } from './device-catalog';
import { rowId } from './ids';
import { pageOf, pageQuery } from './paging';

/**
 * One-button sequential control (一键顺控, issue 14 part 3, domain.md): a template is an ordered
 * list of steps (e.g. close DC breaker, start PCS, set mode, release power); a run issues each
 * step's command, waits for the devices' answers, then for the step's check on a point, and stops
 * at the first step that fails, naming it.
 */

/** Buttons of /strategic-management/sequential-control (menu-tree.ts); reads need only the station scope. */
export const SEQUENCE_PERMS = {
  run: 'strategy:sequence:run',
  add: 'strategicManagement:sequentialControl:add',
  edit: 'strategicManagement:sequentialControl:edit',
  delete: 'strategicManagement:sequentialControl:delete',
} as const;

export const SEQUENCE_LIMITS = {
  name: 64,
  stepName: 64,
  steps: 20,
  timeoutS: { min: 1, max: 600 },
  /** Spec 5: setpoints and controls lie within ±65,535. */
  value: 65_535,
  /** Position of a device among those of its type in a station (1-based). */
  index: 64,
} as const;

/** Device types a step may command (virtual devices take no commands). */
export const SEQUENCE_DEVICE_TYPES = DEVICE_TYPES.filter((t) => t !== 'virtual') as Exclude<DeviceType, 'virtual'>[];

export const CHECK_OPS = ['eq', 'ne', 'ge', 'le'] as const;
export type CheckOp = (typeof CHECK_OPS)[number];

/** Whether a point's value passes a step's check (eq/ne with the point's precision in mind). */
export function checkPasses(op: CheckOp, actual: number, expected: number): boolean {
  const EPS = 1e-6;
  switch (op) {
    case 'eq':
      return Math.abs(actual - expected) <= EPS;
    case 'ne':
      return Math.abs(actual - expected) > EPS;
    case 'ge':
      return actual >= expected - EPS;
    case 'le':
      return actual <= expected + EPS;
  }
}

const pointCode = z.string().trim().min(1).max(64);

export const sequenceCheck = z.object({
  /** A point of the same device(s) the step commands. */
  pointCode,
  op: z.enum(CHECK_OPS),
  value: z.number().finite(),
});
export type SequenceCheck = z.infer<typeof sequenceCheck>;

/**
 * One step. Its devices: those of `deviceType` in the run's station, all of them (index null) or
 * the index-th by sort order (1-based); or, in a template of one station, the device `sn`.
 */
export const sequenceStep = z.object({
  name: z.string().trim().min(1).max(SEQUENCE_LIMITS.stepName),
  deviceType: z.enum(SEQUENCE_DEVICE_TYPES),
  index: z.number().int().min(1).max(SEQUENCE_LIMITS.index).nullable().default(null),
  sn: z.string().trim().min(1).max(64).nullable().default(null),
  /** A control or setpoint point of the device type's models. */
  pointCode,
  /**
   * Checked by `sequenceTemplateProblem` against the catalogue's range of the point (the form and
   * the server say the same words), by the server against the station's own devices when they are
   * known (a station's template) and again at each run right before sending.
   */
  value: z.number().finite(),
  check: sequenceCheck.nullable().default(null),
  /** How long the step may take: the devices' answers and the check together (s). */
  timeoutS: z.number().int(),
});
export type SequenceStep = z.infer<typeof sequenceStep>;
export type SequenceStepInput = z.input<typeof sequenceStep>;

const templateFields = {
  name: z.string().trim().min(1).max(SEQUENCE_LIMITS.name),
  /** null: a generic template, for any station (devices chosen by type and position). */
  stationId: rowId.nullable().default(null),
  steps: z.array(sequenceStep).max(SEQUENCE_LIMITS.steps),
};
export const sequenceTemplateBody = z.object(templateFields);
export type SequenceTemplateBody = z.infer<typeof sequenceTemplateBody>;
export const sequenceTemplateUpdateBody = z.object({ id: rowId, ...templateFields });
export type SequenceTemplateUpdateBody = z.infer<typeof sequenceTemplateUpdateBody>;

export const sequenceTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  stationId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  steps: z.array(sequenceStep),
  /** Seeded with the platform: like a generic template, read-only except to administrators (copy it to edit). */
  builtIn: z.boolean(),
  /**
   * Whether the caller may change or delete it: administrators any; others only a template of a
   * station in their scope (built-in and generic ones are copied to be edited).
   */
  editable: z.boolean(),
  updateTime: z.number(),
});
export type SequenceTemplate = z.infer<typeof sequenceTemplate>;

export const sequenceIdParams = z.object({ id: rowId });
/** Copy a template to a station in the caller's scope: an editable template of that station. */
export const sequenceTemplateCopyBody = z.object({ id: rowId, stationId: rowId });
export type SequenceTemplateCopyBody = z.infer<typeof sequenceTemplateCopyBody>;
export const sequenceIdBody = z.object({ id: rowId });

export const SEQUENCE_PROBLEMS = [
  'noSteps',
  'valueRange',
  'timeoutRange',
  'pointNotCommand',
  'checkPointUnknown',
  'snNeedsStation',
] as const;
export type SequenceProblem = (typeof SEQUENCE_PROBLEMS)[number];

const pointsOfType = (type: DeviceType, kinds?: readonly string[]): Set<string> =>
  new Set(
    DEVICE_MODELS.filter((m) => m.type === type).flatMap((m) =>
      m.points.filter((p) => !kinds || kinds.includes(p.kind)).map((p) => p.code),
    ),
  );

/** Control and setpoint points a step may write, by device type (from the device catalogue). */
export function commandPointsOf(type: DeviceType): string[] {
  return [...pointsOfType(type, ['control', 'setpoint'])];
}
/** Points a step's check may read, by device type. */
export function checkPointsOf(type: DeviceType): string[] {
  return [...pointsOfType(type)];
}

/** A problem of a template: which, at which step (1-based; null for the whole template), and for a value what bounds it. */
export type SequenceTemplateProblem = { problem: SequenceProblem; step: number | null; value?: CommandValueProblem };

/**
 * What is wrong with a template, or null. Values are checked against the catalogue's models of
 * the step's device type (the devices of a station are the server's to check). Shared by the
 * form and the server, so both say the same words.
 */
export function sequenceTemplateProblem(
  b: Pick<SequenceTemplateBody, 'stationId'> & { steps: readonly SequenceStep[] },
): SequenceTemplateProblem | null {
  if (b.steps.length === 0) return { problem: 'noSteps', step: null };
  for (const [i, s] of b.steps.entries()) {
    const at = (problem: SequenceProblem) => ({ problem, step: i + 1 });
    if (s.timeoutS < SEQUENCE_LIMITS.timeoutS.min || s.timeoutS > SEQUENCE_LIMITS.timeoutS.max) {
      return at('timeoutRange');
    }
    if (!pointsOfType(s.deviceType, ['control', 'setpoint']).has(s.pointCode)) return at('pointNotCommand');
    const value = catalogueValueProblem(s.deviceType, s.pointCode, s.value);
    if (value) return { ...at('valueRange'), value };
    if (s.check && !pointsOfType(s.deviceType).has(s.check.pointCode)) return at('checkPointUnknown');
    if (s.sn !== null && b.stationId === null) return at('snNeedsStation');
  }
  return null;
}

// --- Runs ---

export const SEQUENCE_RUN_STATES = ['running', 'success', 'failed', 'cancelled'] as const;
export type SequenceRunState = (typeof SEQUENCE_RUN_STATES)[number];
/** notRun: the run stopped (failed or cancelled) before reaching the step. */
export const SEQUENCE_STEP_STATES = ['notRun', 'running', 'success', 'failed'] as const;
export type SequenceStepState = (typeof SEQUENCE_STEP_STATES)[number];

export const sequenceRunStep = z.object({
  /** 1-based position in the run. */
  index: z.number().int(),
  name: z.string(),
  state: z.enum(SEQUENCE_STEP_STATES),
  /** The devices the step commanded. */
  deviceSns: z.array(z.string()),
  /** The commands it issued (GET /control/command/{id}). */
  commandIds: z.array(z.number().int()),
  startTime: z.number().nullable(),
  endTime: z.number().nullable(),
  /** Why it failed (a device's answer, a timeout, a check not met), in the caller's language when issued. */
  message: z.string().nullable(),
});
export type SequenceRunStep = z.infer<typeof sequenceRunStep>;

export const sequenceRun = z.object({
  id: z.number().int(),
  templateId: z.number().int().nullable(),
  templateName: z.string(),
  stationId: z.number().int(),
  stationName: z.string(),
  state: z.enum(SEQUENCE_RUN_STATES),
  issuedBy: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number().nullable(),
  /** The step the run stopped at (1-based), when failed. */
  failedStep: z.number().int().nullable(),
  message: z.string().nullable(),
  steps: z.array(sequenceRunStep),
});
export type SequenceRun = z.infer<typeof sequenceRun>;

export const sequenceRunBody = z.object({ templateId: rowId, stationId: rowId, ...controlPassword.shape });
export type SequenceRunBody = z.input<typeof sequenceRunBody>;

export const sequenceTemplatesBody = z.object({ stationId: rowId });

export const SEQUENCE_RUN_SORTABLE = ['startTime', 'state'] as const;
export const sequenceRunPageBody = pageQuery(SEQUENCE_RUN_SORTABLE, {
  stationId: rowId,
  state: z.enum(SEQUENCE_RUN_STATES).optional(),
});
export type SequenceRunPageBody = z.input<typeof sequenceRunPageBody>;
export const sequenceRunPage = pageOf(sequenceRun);
