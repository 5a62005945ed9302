import {
  type CurveSet,
  type CurveSetAddBody,
  type CurveSetPage,
  type Lang,
  MAX_CURVE_SETS,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { LoadedDevice } from '../device';
import { describeCurveItems, devicesById, resolveCurveItems } from './curve-items';
import {
  type CurveSetRow,
  countOwnSets,
  deleteOwnSet,
  findOwnSet,
  insertSet,
  nameTaken,
  pageOwnSets,
  updateSet,
} from './curve-set.repository';

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle. */
const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

const nameConflict = (name: string) => new AppError(409, ResultCode.CONFLICT, 'curveSetNameTaken', { name });

/**
 * Saved curve sets (spec 7 `hisCurveRelate`): each user's named lists of indicators per station.
 * Personal, like a theme: read-only accounts keep their own; every item must be a point of a
 * device of that station when saved.
 */
export class CurveSetService {
  constructor(private readonly db: Db) {}

  async add(user: SessionUser, body: CurveSetAddBody, lang: Lang): Promise<CurveSet> {
    await assertStationInScope(this.db, user, body.stationId);
    const resolved = await resolveCurveItems(this.db, body.stationId, body.items);
    const items = body.items.map(({ deviceId, code }) => ({ deviceId, code }));
    if (body.id !== undefined && !(await findOwnSet(this.db, user.userId, body.id))) throw notFound('curveSetNotFound');
    if (await nameTaken(this.db, user.userId, body.stationId, body.name, body.id)) throw nameConflict(body.name);
    if (body.id === undefined && (await countOwnSets(this.db, user.userId, body.stationId)) >= MAX_CURVE_SETS) {
      throw new AppError(400, ResultCode.BAD_REQUEST, 'curveSetLimit', { max: MAX_CURVE_SETS });
    }
    try {
      const row =
        body.id === undefined
          ? await insertSet(this.db, { userId: user.userId, stationId: body.stationId, name: body.name, items })
          : await updateSet(this.db, body.id, { stationId: body.stationId, name: body.name, items });
      return this.view(row, new Map(resolved.map((r) => [r.device.id, r.device])), lang);
    } catch (e) {
      // Two saves of the same name at once: the unique index decides.
      if (isUniqueViolation(e)) throw nameConflict(body.name);
      throw e;
    }
  }

  async page(
    user: SessionUser,
    q: { stationId: number; pageNum: number; pageSize: number; name?: string },
    lang: Lang,
  ): Promise<CurveSetPage> {
    await assertStationInScope(this.db, user, q.stationId);
    const { total, rows } = await pageOwnSets(this.db, { ...q, userId: user.userId });
    const byId = await devicesById(
      this.db,
      q.stationId,
      rows.flatMap((r) => r.items.map((i) => i.deviceId)),
    );
    return { total, pageNum: q.pageNum, pageSize: q.pageSize, list: rows.map((r) => this.view(r, byId, lang)) };
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    if (!(await deleteOwnSet(this.db, user.userId, id))) throw notFound('curveSetNotFound');
    return null;
  }

  private view(row: CurveSetRow, byId: ReadonlyMap<number, LoadedDevice>, lang: Lang): CurveSet {
    return {
      id: row.id,
      stationId: row.stationId,
      name: row.name,
      items: describeCurveItems(byId, row.items, lang),
      createTime: row.createTime.getTime(),
      updateTime: row.updateTime.getTime(),
    };
  }
}
