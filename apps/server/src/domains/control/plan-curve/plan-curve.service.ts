import {
  type Lang,
  PLAN_CURVE_LIMITS,
  type PlanCurveCopyBody,
  type PlanCurvePageBody,
  type PlanCurveProblem,
  type PlanCurveSegment,
  type PlanCurveTemplate,
  planCurveProblem,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { MessageKey } from '../../../i18n/messages';
import { assertStationInScope, stationIdsInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import {
  assertTemplateEditable,
  assertTemplateStation,
  mayEditTemplate,
  planSegmentsProblem,
  segmentWhere,
  sharedPlanProblem,
  valueRefusal,
} from '../command';
import {
  codeTaken,
  deleteDisabled,
  findTemplate,
  insertTemplate,
  type TemplateFields,
  type TemplateRow,
  type TemplateScope,
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

type Body = { code: string; name: string; stationId: number | null; segments: PlanCurveSegment[]; enabled: boolean };

/**
 * The 400 of the first segment a station may not be sent (its EMS setpoint's range, its rated
 * power: the one value check; a shared template: what any EMS takes), naming the segment, and
 * the station when its name is given (a delivery).
 */
export async function assertSegmentsAt(
  db: Db,
  s: { id: number; name?: string } | null,
  segments: readonly PlanCurveSegment[],
  lang: Lang,
): Promise<void> {
  const bad = s === null ? sharedPlanProblem(segments) : await planSegmentsProblem(db, s.id, segments);
  if (!bad) return;
  const field = `segments[${bad.segment - 1}].powerKw`;
  const data = s?.name === undefined ? {} : { stationId: s.id };
  throw valueRefusal(
    bad.problem,
    bad.point,
    { where: segmentWhere(segments, bad.segment, lang, s?.name), field, data },
    lang,
  );
}

/**
 * Plan curve templates (/strategic-management/plan-curve). A template is shared by every station
 * (added and changed only by administrators; others copy it to edit) or one station's own (seen
 * and changed by callers with the station in scope). Its segments' power passes the one value
 * check against its station's rating when saved, and at every delivery per station.
 */
export class PlanCurveService {
  constructor(private readonly db: Db) {}

  /** Stations whose templates the caller sees besides the shared ones (null: all). */
  private async scope(user: SessionUser): Promise<TemplateScope> {
    return user.isAdmin ? null : stationIdsInScope(this.db, user);
  }

  private withEditable(user: SessionUser, t: TemplateRow): PlanCurveTemplate {
    return { ...t, editable: mayEditTemplate(user, t) };
  }

  async page(user: SessionUser, q: PlanCurvePageBody & { pageNum: number; pageSize: number }) {
    const page = await templatePage(this.db, q, await this.scope(user));
    return { rows: page.rows.map((t) => this.withEditable(user, t)), total: page.total };
  }

  /** A template the caller may see: shared, or of a station in scope (else 404 like a missing one). */
  async visible(user: SessionUser, id: number): Promise<TemplateRow> {
    const t = await findTemplate(this.db, id);
    if (!t) throw notFound('planCurveNotFound');
    if (t.stationId !== null) {
      await assertStationInScope(this.db, user, t.stationId).catch(() => {
        throw notFound('planCurveNotFound');
      });
    }
    return t;
  }

  async detail(user: SessionUser, id: number): Promise<PlanCurveTemplate> {
    return this.withEditable(user, await this.visible(user, id));
  }

  async add(user: SessionUser, b: Body, lang: Lang): Promise<PlanCurveTemplate> {
    const fields = await this.check(user, b, lang);
    if (await codeTaken(this.db, fields.code)) throw conflict('planCurveCodeTaken', { code: fields.code });
    try {
      return await this.detail(user, await insertTemplate(this.db, fields, user.userId));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('planCurveCodeTaken', { code: fields.code });
      throw err;
    }
  }

  /** A copy of a template the caller sees, as a template of a station in their scope (the route checked it). */
  async copy(user: SessionUser, b: PlanCurveCopyBody, lang: Lang): Promise<PlanCurveTemplate> {
    const t = await this.visible(user, b.id);
    const station = await assertStationInScope(this.db, user, b.stationId);
    await assertSegmentsAt(this.db, { id: station.id }, t.segments, lang);
    const fields = { code: '', name: t.name, stationId: station.id, segments: t.segments, enabled: t.enabled };
    // The number stays unique: the original's with the station's code, and a counter if need be.
    for (let n = 1; n <= 100; n++) {
      const suffix = n === 1 ? `-${station.code}` : `-${station.code}-${n}`;
      const code = `${t.code.slice(0, Math.max(1, PLAN_CURVE_LIMITS.code - suffix.length))}${suffix}`;
      if (await codeTaken(this.db, code)) continue;
      try {
        return await this.detail(user, await insertTemplate(this.db, { ...fields, code }, user.userId));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw conflict('planCurveCodeTaken', { code: t.code });
  }

  async update(user: SessionUser, id: number, b: Body, lang: Lang): Promise<PlanCurveTemplate> {
    assertTemplateEditable(user, await this.visible(user, id));
    const fields = await this.check(user, b, lang);
    if (await codeTaken(this.db, fields.code, id)) throw conflict('planCurveCodeTaken', { code: fields.code });
    try {
      if (!(await updateTemplate(this.db, id, fields, user.userId))) throw notFound('planCurveNotFound');
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('planCurveCodeTaken', { code: fields.code });
      throw err;
    }
    return this.detail(user, id);
  }

  async setEnabled(user: SessionUser, id: number, enabled: boolean): Promise<PlanCurveTemplate> {
    assertTemplateEditable(user, await this.visible(user, id));
    if (!(await updateTemplate(this.db, id, { enabled }, user.userId))) throw notFound('planCurveNotFound');
    return this.detail(user, id);
  }

  /** Spec 5: a template must be disabled before deletion (past deliveries keep their snapshot). */
  async remove(user: SessionUser, id: number): Promise<null> {
    assertTemplateEditable(user, await this.visible(user, id));
    const r = await deleteDisabled(this.db, id);
    if (r === 'missing') throw notFound('planCurveNotFound');
    if (r === 'enabled') throw conflict('planCurveDeleteEnabled');
    return null;
  }

  /** The template's own rules, where it may belong, and a station's template against that station's rating. */
  private async check(user: SessionUser, b: Body, lang: Lang): Promise<TemplateFields> {
    const problem = planCurveProblem(b);
    if (problem) throw new AppError(400, ResultCode.BAD_REQUEST, PLAN_PROBLEM_KEYS[problem]);
    await assertTemplateStation(this.db, user, b.stationId);
    const segments = normalise(b.segments);
    await assertSegmentsAt(this.db, b.stationId === null ? null : { id: b.stationId }, segments, lang);
    return { code: b.code.trim(), name: b.name.trim(), stationId: b.stationId, segments, enabled: b.enabled };
  }
}

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle. */
function isUniqueViolation(e: unknown): boolean {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
