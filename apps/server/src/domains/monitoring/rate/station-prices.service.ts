import {
  localDateOf,
  type RateStationProxyBody,
  type RateStationUnassignBody,
  type RateStationVersionBody,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { findRegion } from './proxy.repository';
import {
  assignFrom,
  assignmentOf,
  codeTaken,
  deleteAssignment,
  insertTemplate,
  lockRateWrites,
  nameTaken,
} from './rate.repository';
import { codeTakenError, conflict, nameTakenError, type RateService } from './rate.service';
import { validOn } from './rate-lookup';

/**
 * A station's prices over time, as the price configuration page edits them (issue 24 part 1):
 * new prices are a new template assigned from a date in one step — never an edit of one that
 * priced past days — and an assignment that has not begun can be withdrawn.
 */
export class StationPriceService {
  constructor(
    private readonly db: Db,
    private readonly rates: RateService,
  ) {}

  async addVersion(user: SessionUser, b: RateStationVersionBody, now = Date.now()): Promise<{ templateId: number }> {
    const station = await assertStationInScope(this.db, user, b.stationId);
    const today = localDateOf(now, station.timezone);
    const from = b.validFrom ?? today;
    if (from < today) throw conflict('rateAssignPast', { today });
    const t = b.template;
    await this.rates.check(t);
    if (!t.enabled) throw conflict('rateAssignDisabled', { code: t.code });
    if (!validOn(t, from)) throw conflict('rateAssignOutside', { code: t.code, date: from });
    return this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      if (await codeTaken(tx, t.code)) throw codeTakenError(t.code);
      if (await nameTaken(tx, t.name)) throw nameTakenError(t.name);
      const templateId = await insertTemplate(tx, t);
      if (templateId === null) throw codeTakenError(t.code);
      await assignFrom(tx, station.id, { templateId }, from);
      return { templateId };
    });
  }

  /** From `validFrom` (today by default, never past) the station follows a region's monthly proxy price. */
  async followProxy(user: SessionUser, b: RateStationProxyBody, now = Date.now()): Promise<null> {
    const station = await assertStationInScope(this.db, user, b.stationId);
    const today = localDateOf(now, station.timezone);
    const from = b.validFrom ?? today;
    if (from < today) throw conflict('rateAssignPast', { today });
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      if (!(await findRegion(tx, b.regionId))) throw notFound('proxyRegionNotFound');
      await assignFrom(tx, station.id, { proxyRegionId: b.regionId }, from);
    });
    return null;
  }

  async unassign(user: SessionUser, b: RateStationUnassignBody, now = Date.now()): Promise<null> {
    const station = await assertStationInScope(this.db, user, b.stationId);
    const today = localDateOf(now, station.timezone);
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const a = await assignmentOf(tx, station.id, b.assignmentId);
      if (!a) throw notFound('rateAssignmentNotFound');
      // Today counts as begun: today's revenue is already on the home page.
      if (a.validFrom === null || a.validFrom <= today) {
        throw conflict('rateAssignmentStarted', { date: a.validFrom ?? '—' });
      }
      await deleteAssignment(tx, a.id);
    });
    return null;
  }
}
