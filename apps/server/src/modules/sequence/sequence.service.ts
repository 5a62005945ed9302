import {
  type ControlPassword,
  type Lang,
  ResultCode,
  type SequenceProblem,
  type SequenceRun,
  type SequenceTemplate,
  type SequenceTemplateBody,
  type SequenceTemplateUpdateBody,
  type sequenceRunPageBody,
  sequenceTemplateProblem,
} from '@ess/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/messages';
import { AppError, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../lib/types';
import type { AuthService, Caller } from '../auth/auth.service';
import { assertStationInScope } from '../station/station-scope.service';
import {
  deleteTemplate,
  findRun,
  findTemplate,
  insertRun,
  insertTemplate,
  listTemplates,
  requestCancel,
  runPage,
  updateTemplate,
} from './sequence.repository';
import type { SequenceExecutor } from './sequence-executor';
import { renderRun, storedMessage } from './sequence-render';

const PROBLEM_KEYS: Record<SequenceProblem, MessageKey> = {
  noSteps: 'sequenceNoSteps',
  valueRange: 'sequenceValueRange',
  timeoutRange: 'sequenceTimeoutRange',
  pointNotCommand: 'sequencePointNotCommand',
  checkPointUnknown: 'sequenceCheckPointUnknown',
  snNeedsStation: 'sequenceSnNeedsStation',
};

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle. */
const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

function validate(b: SequenceTemplateBody): void {
  const p = sequenceTemplateProblem(b);
  if (p)
    throw new AppError(400, ResultCode.BAD_REQUEST, PROBLEM_KEYS[p.problem], p.step ? { step: p.step } : undefined);
}

/**
 * Sequential control (/strategic-management/sequential-control): templates, generic or of one
 * station (a station's template is seen and changed only by users with the station in scope), and
 * runs handed to the executor.
 */
export class SequenceService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly executor: SequenceExecutor,
  ) {}

  templates(stationId: number): Promise<SequenceTemplate[]> {
    return listTemplates(this.db, stationId);
  }

  /** A template the caller may see: generic, or of a station in scope (else 404 like a missing one). */
  private async visibleTemplate(user: SessionUser, id: number): Promise<SequenceTemplate> {
    const t = await findTemplate(this.db, id);
    if (!t) throw notFound('sequenceTemplateNotFound');
    if (t.stationId !== null) {
      await assertStationInScope(this.db, user, t.stationId).catch(() => {
        throw notFound('sequenceTemplateNotFound');
      });
    }
    return t;
  }

  async addTemplate(user: SessionUser, b: SequenceTemplateBody): Promise<{ id: number }> {
    validate(b);
    if (b.stationId !== null) await assertStationInScope(this.db, user, b.stationId);
    return { id: await insertTemplate(this.db, { ...b, updateBy: user.userId }) };
  }

  async updateTemplate(user: SessionUser, b: SequenceTemplateUpdateBody): Promise<null> {
    await this.visibleTemplate(user, b.id);
    const { id, ...fields } = b;
    validate(fields);
    if (fields.stationId !== null) await assertStationInScope(this.db, user, fields.stationId);
    await updateTemplate(this.db, id, fields, user.userId);
    return null;
  }

  async removeTemplate(user: SessionUser, id: number): Promise<null> {
    await this.visibleTemplate(user, id);
    await deleteTemplate(this.db, id);
    return null;
  }

  /** Starts a run (the station is in scope: the route checked it). The password comes first. */
  async run(
    user: SessionUser,
    b: { templateId: number; stationId: number } & ControlPassword,
    caller: Caller,
  ): Promise<{ id: number }> {
    await this.auth.confirmPassword(user, b, caller);
    const t = await this.visibleTemplate(user, b.templateId);
    if (t.stationId !== null && t.stationId !== b.stationId) throw notFound('sequenceTemplateNotFound');
    let id: number;
    try {
      id = await insertRun(this.db, {
        templateId: t.id,
        templateName: t.name,
        stationId: b.stationId,
        steps: t.steps,
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
