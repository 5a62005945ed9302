import {
  type ControlPassword,
  type Lang,
  ResultCode,
  type SequenceProblem,
  type SequenceRun,
  type SequenceStep,
  type SequenceTemplate,
  type SequenceTemplateBody,
  type SequenceTemplateCopyBody,
  type SequenceTemplateUpdateBody,
  type sequenceRunPageBody,
  sequenceTemplateProblem,
} from '@ess/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { type MessageKey, translate } from '../../../i18n/messages';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { AuthService, Caller } from '../../access/auth';
import {
  assertTemplateEditable,
  assertTemplateStation,
  cataloguePoint,
  mayEditTemplate,
  valueRefusal,
} from '../command';
import {
  deleteTemplate,
  findRun,
  findTemplate,
  insertRun,
  insertTemplate,
  listTemplates,
  requestCancel,
  runPage,
  type StoredTemplate,
  updateTemplate,
} from './sequence.repository';
import type { SequenceExecutor } from './sequence-executor';
import { renderRun, storedMessage } from './sequence-render';
import { storedSteps } from './sequence-step-names';
import { stepValuesProblem } from './sequence-values';

const PROBLEM_KEYS: Record<Exclude<SequenceProblem, 'valueRange'>, MessageKey> = {
  noSteps: 'sequenceNoSteps',
  timeoutRange: 'sequenceTimeoutRange',
  pointNotCommand: 'sequencePointNotCommand',
  checkPointUnknown: 'sequenceCheckPointUnknown',
  snNeedsStation: 'sequenceSnNeedsStation',
};

const stepWhere = (step: number, lang: Lang) => translate(lang, 'sequenceStepAt', { step });
const stepField = (step: number) => `steps[${step - 1}].value`;

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle. */
const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** A template's own rules and its values against the catalogue (the form says the same words). */
function validate(b: SequenceTemplateBody, lang: Lang): void {
  const p = sequenceTemplateProblem(b);
  if (!p) return;
  if (p.problem === 'valueRange' && p.value && p.step !== null) {
    const step = b.steps[p.step - 1];
    const point = cataloguePoint(step?.deviceType ?? '', step?.pointCode ?? '');
    throw valueRefusal(p.value, point, { where: stepWhere(p.step, lang), field: stepField(p.step) }, lang);
  }
  const key = PROBLEM_KEYS[p.problem === 'valueRange' ? 'pointNotCommand' : p.problem];
  throw new AppError(400, ResultCode.BAD_REQUEST, key, p.step ? { step: p.step } : undefined);
}

/**
 * Sequential control (/strategic-management/sequential-control): templates, generic or of one
 * station (a station's template is seen and changed only by users with the station in scope;
 * built-in and generic ones only by administrators, others copy them), and runs handed to the
 * executor. Every step's value passes the one value check at save (the catalogue's range; a
 * station's devices when the template is a station's) and again at each run.
 */
export class SequenceService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly executor: SequenceExecutor,
  ) {}

  async templates(user: SessionUser, stationId: number, lang: Lang): Promise<SequenceTemplate[]> {
    return (await listTemplates(this.db, stationId, lang)).map((t) => this.withEditable(user, t));
  }

  private withEditable(user: SessionUser, { stored: _, ...t }: StoredTemplate): SequenceTemplate {
    return { ...t, editable: mayEditTemplate(user, t) };
  }

  /**
   * A template the caller may see: generic, or of a station in scope (else 404 like a missing
   * one), named in `lang` (callers that show no name take the default language).
   */
  private async visibleTemplate(user: SessionUser, id: number, lang: Lang = 'zh_CN'): Promise<StoredTemplate> {
    const t = await findTemplate(this.db, id, lang);
    if (!t) throw notFound('sequenceTemplateNotFound');
    if (t.stationId !== null) {
      await assertStationInScope(this.db, user, t.stationId).catch(() => {
        throw notFound('sequenceTemplateNotFound');
      });
    }
    return t;
  }

  /** 400 naming the step whose value a device of the station may not be sent now. */
  private async checkAtStation(stationId: number, steps: readonly SequenceStep[], lang: Lang): Promise<void> {
    const bad = await stepValuesProblem(this.db, stationId, steps);
    if (bad) {
      throw valueRefusal(
        bad.problem,
        bad.point,
        { where: stepWhere(bad.step, lang), field: stepField(bad.step) },
        lang,
      );
    }
  }

  async addTemplate(user: SessionUser, b: SequenceTemplateBody, lang: Lang): Promise<{ id: number }> {
    validate(b, lang);
    await assertTemplateStation(this.db, user, b.stationId);
    if (b.stationId !== null) await this.checkAtStation(b.stationId, b.steps, lang);
    return { id: await insertTemplate(this.db, { ...b, updateBy: user.userId }) };
  }

  /** A copy of a template the caller sees, as a template of a station in their scope (the route checked it). */
  async copyTemplate(user: SessionUser, b: SequenceTemplateCopyBody, lang: Lang): Promise<{ id: number }> {
    const t = await this.visibleTemplate(user, b.id);
    await this.checkAtStation(b.stationId, t.steps, lang);
    // The copy keeps the original's stored names and translations: it reads alike in every language.
    const fields = { ...t.stored, stationId: b.stationId };
    return { id: await insertTemplate(this.db, { ...fields, updateBy: user.userId }) };
  }

  async updateTemplate(user: SessionUser, b: SequenceTemplateUpdateBody, lang: Lang): Promise<null> {
    const t = await this.visibleTemplate(user, b.id, lang);
    assertTemplateEditable(user, t);
    const { id, ...fields } = b;
    validate(fields, lang);
    await assertTemplateStation(this.db, user, fields.stationId);
    if (fields.stationId !== null) await this.checkAtStation(fields.stationId, fields.steps, lang);
    // A name sent back as shown in this language keeps the stored one and its translations; a
    // changed one is what the user typed, in every language. So does each step's.
    const { name, steps, ...rest } = fields;
    const kept = { ...rest, steps: storedSteps(steps, t.stored.steps, lang) };
    await updateTemplate(this.db, id, { ...kept, ...(name !== t.name && { name, names: {} }) }, user.userId);
    return null;
  }

  async removeTemplate(user: SessionUser, id: number): Promise<null> {
    assertTemplateEditable(user, await this.visibleTemplate(user, id));
    await deleteTemplate(this.db, id);
    return null;
  }

  /**
   * Starts a run (the station is in scope: the route checked it). The password comes first;
   * then every step's value against the station's devices as they are now (400 naming the
   * step, nothing stored or sent); the executor checks each step again before sending it.
   */
  async run(
    user: SessionUser,
    b: { templateId: number; stationId: number } & ControlPassword,
    caller: Caller,
    lang: Lang,
  ): Promise<{ id: number }> {
    await this.auth.confirmPassword(user, b, caller);
    const t = await this.visibleTemplate(user, b.templateId);
    if (t.stationId !== null && t.stationId !== b.stationId) throw notFound('sequenceTemplateNotFound');
    await this.checkAtStation(b.stationId, t.steps, lang);
    let id: number;
    try {
      id = await insertRun(this.db, {
        templateId: t.id,
        // The stored names: a run of a built-in template, and its steps, are shown in its
        // reader's language (sequence-render.ts).
        templateName: t.stored.name,
        stationId: b.stationId,
        steps: t.stored.steps,
        issuedBy: user.userId,
      });
    } catch (err) {
      // Spec 8: one operation at a time, "delivery in progress, wait".
      if (isUniqueViolation(err)) throw new AppError(409, ResultCode.CONFLICT, 'commandInFlight');
      throw err;
    }
    this.executor.launch(id);
    return { id };
  }

  private async visibleRun(user: SessionUser, id: number): Promise<SequenceRun> {
    const run = await findRun(this.db, id);
    if (!run) throw notFound('sequenceRunNotFound');
    await assertStationInScope(this.db, user, run.stationId).catch(() => {
      throw notFound('sequenceRunNotFound');
    });
    return run;
  }

  async cancel(user: SessionUser, id: number): Promise<null> {
    await this.visibleRun(user, id);
    const who = user.username;
    if (!(await requestCancel(this.db, id, storedMessage('sequenceCancelledBy', { user: who })))) {
      throw new AppError(409, ResultCode.CONFLICT, 'sequenceRunEnded');
    }
    await this.executor.publish(id);
    return null;
  }

  async runDetail(user: SessionUser, id: number, lang: Lang): Promise<SequenceRun> {
    return renderRun(await this.visibleRun(user, id), lang);
  }

  async runPage(q: z.output<typeof sequenceRunPageBody>, lang: Lang): Promise<{ rows: SequenceRun[]; total: number }> {
    const page = await runPage(this.db, q);
    return { rows: page.rows.map((r) => renderRun(r, lang)), total: page.total };
  }
}
