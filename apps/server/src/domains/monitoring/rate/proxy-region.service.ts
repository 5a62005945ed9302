import {
  type Lang,
  type ProxyRegionBody,
  type ProxyRegionExportBody,
  type ProxyRegionRow,
  provinceName,
  type proxyRegionPageBody,
  proxyRegionProblem,
  type RegionModelProblem,
  ResultCode,
  TOU_PERIOD_NAMES,
} from '@ess/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { type MessageKey, translate } from '../../../i18n/messages';
import { stationIdsInScope } from '../../../kernel/station-scope.service';
import { AppError, businessWarning, notFound } from '../../../lib/app-error';
import type { FileAnswer } from '../../../lib/endpoint-route';
import type { SessionUser } from '../../../lib/types';
import {
  allRegions,
  assignmentsOfStations,
  deleteRegion,
  type Follower,
  findRegion,
  followersOf,
  insertRegion,
  type ProxyRegionDbRow,
  priceMonthsOf,
  pricesOfRegion,
  type Q,
  type RegionValues,
  regionPage,
  regionsMatching,
  regionTaken,
  updateRegion,
} from './proxy.repository';
import { livedMonths } from './proxy-lived';
import { lockRateWrites } from './rate.repository';
import { conflict, PROBLEM_KEYS } from './rate.service';

const MODEL_KEYS: Record<RegionModelProblem, MessageKey> = {
  modelInvalid: 'proxyModelInvalid',
  modelEmpty: 'proxyModelEmpty',
};

/** Same cut, field by field (a jsonb column gives its keys back in its own order). */
const sameCut = (a: RegionValues['segments'], b: RegionValues['segments']): boolean =>
  a.length === b.length &&
  a.every((s, i) => s.start === b[i]?.start && s.end === b[i]?.end && s.period === b[i]?.period);

/**
 * Proxy purchase price regions (/revenue-management/proxy-price-region). Regions are shared
 * price zones, not station data: every holder of the rights sees them all; the stations listed
 * as following a region are those of the caller's scope.
 */
export class ProxyRegionService {
  constructor(private readonly db: Db) {}

  async page(
    user: SessionUser,
    q: z.output<typeof proxyRegionPageBody>,
    lang: Lang,
  ): Promise<{ rows: ProxyRegionRow[]; total: number }> {
    const { rows, total } = await regionPage(this.db, q);
    const ids = rows.map((r) => r.id);
    const [months, followers, scope] = await Promise.all([
      priceMonthsOf(this.db, ids),
      followersOf(this.db, ids),
      user.isAdmin ? null : stationIdsInScope(this.db, user).then((s) => new Set(s)),
    ]);
    const seen = (f: Follower) => scope === null || scope.has(f.stationId);
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        provinceCode: r.provinceCode,
        provinceName: provinceName(r.provinceCode, lang),
        segments: r.segments,
        model: JSON.stringify(r.model, null, 2),
        priceMonths: months.get(r.id)?.months ?? 0,
        latestMonth: months.get(r.id)?.latest ?? null,
        stations: followers
          .filter((f) => f.regionId === r.id && seen(f))
          .map((f) => ({ id: f.stationId, name: f.stationName, validFrom: f.validFrom })),
        updatedAt: r.updateTime.getTime(),
      })),
    };
  }

  /** The regions of the list's filters as a workbook; none: spec 8 "export with no data found". */
  async export(user: SessionUser, q: ProxyRegionExportBody, lang: Lang): Promise<FileAnswer> {
    const rows = await regionsMatching(this.db, q);
    if (rows.length === 0) throw businessWarning('exportNoData');
    const { rows: listed } = await this.page(
      user,
      { pageNum: 1, pageSize: rows.length, keyword: q.keyword, provinceCode: q.provinceCode },
      lang,
    );
    const period = (p: string) => TOU_PERIOD_NAMES[p as keyof typeof TOU_PERIOD_NAMES]?.[lang] ?? p;
    return {
      format: 'xlsx',
      name: 'proxy-price-regions',
      sheets: [
        {
          name: 'regions',
          columns: [
            { key: 'code', header: translate(lang, 'proxyColCode'), width: 14 },
            { key: 'name', header: translate(lang, 'proxyColName'), width: 24 },
            { key: 'province', header: translate(lang, 'proxyColProvince'), width: 12 },
            { key: 'cut', header: translate(lang, 'proxyColCut'), width: 48 },
            { key: 'model', header: translate(lang, 'proxyColModel'), width: 40 },
            { key: 'months', header: translate(lang, 'proxyColMonths'), width: 10 },
            { key: 'latest', header: translate(lang, 'proxyColLatest'), width: 10 },
            { key: 'stations', header: translate(lang, 'proxyColStations'), width: 30 },
          ],
          rows: listed.map((r) => ({
            code: r.code,
            name: r.name,
            province: r.provinceName,
            cut: r.segments.map((s) => `${s.start}–${s.end} ${period(s.period)}`).join('; '),
            model: JSON.stringify(JSON.parse(r.model)),
            months: r.priceMonths,
            latest: r.latestMonth,
            stations: r.stations.map((s) => s.name).join(', '),
          })),
        },
      ],
    };
  }

  async options(): Promise<{ id: number; code: string; name: string; provinceCode: string }[]> {
    return (await allRegions(this.db)).map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      provinceCode: r.provinceCode,
    }));
  }

  async add(b: ProxyRegionBody): Promise<{ id: number }> {
    const values = this.checked(b);
    return this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      await this.unique(tx, values);
      return { id: await insertRegion(tx, values) };
    });
  }

  async update(b: ProxyRegionBody & { id: number }): Promise<null> {
    const values = this.checked(b);
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const region = await findRegion(tx, b.id);
      if (!region) throw notFound('proxyRegionNotFound');
      await this.unique(tx, values, b.id);
      if (!sameCut(region.segments, values.segments)) await this.cutFree(tx, region);
      await updateRegion(tx, b.id, values);
    });
    return null;
  }

  async remove(id: number): Promise<null> {
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const region = await findRegion(tx, id);
      if (!region) throw notFound('proxyRegionNotFound');
      const stations = new Set((await followersOf(tx, [id])).map((f) => f.stationId));
      if (stations.size > 0) throw conflict('proxyRegionInUse', { count: stations.size });
      const prices = await pricesOfRegion(tx, id);
      if (prices.length > 0) throw conflict('proxyRegionHasPrices', { count: prices.length });
      await deleteRegion(tx, id);
    });
    return null;
  }

  /** The region's own rules, then its model as stored JSON. */
  private checked(b: ProxyRegionBody): RegionValues {
    const problem = proxyRegionProblem(b);
    if (problem) {
      const key = problem === 'modelInvalid' || problem === 'modelEmpty' ? MODEL_KEYS[problem] : PROBLEM_KEYS[problem];
      throw new AppError(400, ResultCode.BAD_REQUEST, key);
    }
    return {
      code: b.code,
      name: b.name,
      provinceCode: b.provinceCode,
      segments: b.segments,
      model: JSON.parse(b.model),
    };
  }

  private async unique(tx: Q, v: RegionValues, exceptId?: number) {
    if (await regionTaken(tx, 'code', v.code, exceptId)) throw conflict('proxyRegionCodeTaken', { code: v.code });
    if (await regionTaken(tx, 'name', v.name, exceptId)) throw conflict('proxyRegionNameTaken', { name: v.name });
  }

  /** The cut prices every month of the region: it stays once a month priced a lived day. */
  private async cutFree(tx: Q, region: ProxyRegionDbRow) {
    const followers = await followersOf(tx, [region.id]);
    const history = await assignmentsOfStations(tx, [...new Set(followers.map((f) => f.stationId))]);
    const months = (await pricesOfRegion(tx, region.id)).map((p) => p.month).sort();
    const [lived] = [...livedMonths(region.id, followers, history, months)].sort();
    if (lived) throw conflict('proxyRegionCutLocked', { month: lived });
  }
}
