import {
  type PlanCurvePageBody,
  type PlanCurveProblem,
  type PlanCurveSegment,
  type PlanCurveTemplate,
  planCurveProblem,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/messages';
import { AppError, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../lib/types';
import {
  codeTaken,
  deleteDisabled,
  findTemplate,
  insertTemplate,
  type TemplateFields,
  templatePage,
  updateTemplate,
} from './plan-curve.repository';

export const PLAN_PROBLEM_KEYS: Record<PlanCurveProblem, MessageKey> = {
  codeRequired: 'planCurveCodeRequired',
  nameRequired: 'planCurveNameRequired',
  segmentsEmpty: 'planCurveSegmentsEmpty',
  segmentOrder: 'planCurveSegmentOrder',
  segmentsOverlap: 'planCurveSegmentsOverlap',
  socRange: 'planCurveSocRange',
  socOrder: 'planCurveSocOrder',
  valueRange: 'planCurveValueRange',
};

const conflict = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(409, ResultCode.CONFLICT, key, params);

/** Segments as stored: sorted by start, only the fields of the contract. */
const normalise = (segments: PlanCurveSegment[]): PlanCurveSegment[] =>
  [...segments]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map(({ start, end, powerKw, socMax, socMin }) => ({ start, end, powerKw, socMax, socMin }));

type Body = { code: string; name: string; segments: PlanCurveSegment[]; enabled: boolean };

/**
 * Plan curve templates (/strategic-management/plan-curve). Templates are plans, not station
 * data: every signed-in user reads them; the page's buttons change them.
 */
export class PlanCurveService {
  constructor(private readonly db: Db) {}

  page(q: PlanCurvePageBody & { pageNum: number; pageSize: number }) {
    return templatePage(this.db, q);
  }

  async detail(id: number): Promise<PlanCurveTemplate> {
    const t = await findTemplate(this.db, id);
    if (!t) throw notFound('planCurveNotFound');
    return t;
  }

  async add(user: SessionUser, b: Body): Promise<PlanCurveTemplate> {
    const fields = this.check(b);
    if (await codeTaken(this.db, fields.code)) throw conflict('planCurveCodeTaken', { code: fields.code });
    try {
      return await this.detail(await insertTemplate(this.db, fields, user.userId));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('planCurveCodeTaken', { code: fields.code });
      throw err;
    }
  }

  async update(user: SessionUser, id: number, b: Body): Promise<PlanCurveTemplate> {
    const fields = this.check(b);
    if (await codeTaken(this.db, fields.code, id)) throw conflict('planCurveCodeTaken', { code: fields.code });
    try {
      if (!(await updateTemplate(this.db, id, fields, user.userId))) throw notFound('planCurveNotFound');
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('planCurveCodeTaken', { code: fields.code });
      throw err;
    }
    return this.detail(id);
  }

  async setEnabled(user: SessionUser, id: number, enabled: boolean): Promise<PlanCurveTemplate> {
    if (!(await updateTemplate(this.db, id, { enabled }, user.userId))) throw notFound('planCurveNotFound');
    return this.detail(id);
  }

  /** Spec 5: a template must be disabled before deletion (past deliveries keep their snapshot). */
  async remove(id: number): Promise<null> {
    const r = await deleteDisabled(this.db, id);
    if (r === 'missing') throw notFound('planCurveNotFound');
    if (r === 'enabled') throw conflict('planCurveDeleteEnabled');
    return null;
  }

  private check(b: Body): TemplateFields {
    const problem = planCurveProblem(b);
    if (problem) throw new AppError(400, ResultCode.BAD_REQUEST, PLAN_PROBLEM_KEYS[problem]);
    return { code: b.code.trim(), name: b.name.trim(), segments: normalise(b.segments), enabled: b.enabled };
  }
}

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle. */
function isUniqueViolation(e: unknown): boolean {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
