import {
  addDays,
  ELECTRICITY_TYPE_DICT,
  type Lang,
  localDateOf,
  RATE_REPRICE_MAX_DAYS,
  type RatePageBody,
  type RateProblem,
  type RateReprice,
  type RateRepriceBody,
  type RateStationSaveBody,
  type RateStationTemplates,
  type RateTemplate,
  type RateTemplateBody,
  type RateTemplateUpdateBody,
  ResultCode,
  rateTemplateProblem,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { MessageKey } from '../../../i18n/messages';
import { assertStationInScope, stationIdsInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { rowName } from '../../stations/device';
import type { StationRow } from '../../stations/station';
import { EnergyService } from '../energy';
import { pricedPast, rewritesPast } from './priced-past';
import {
  type AssignedStation,
  assignFrom,
  assignmentsOfStation,
  assignmentsOfTemplate,
  codeTaken,
  deleteTemplate,
  electricityTypeExists,
  findTemplate,
  findTemplates,
  insertTemplate,
  lockRateWrites,
  nameTaken,
  setTemplateEnabled,
  stationsOfTemplates,
  templatePage,
  toRateTemplate,
  updateTemplate,
} from './rate.repository';
import {
  type StationTariff,
  stationTariffs,
  type TouTemplateRow,
  templateOn,
  validOn,
  versionOn,
  withVersion,
} from './rate-lookup';
import { repricePreview } from './reprice';

/** The region pricing `today`, if the station follows one, with this month's prices. */
function proxyToday(tariff: StationTariff, today: string): RateStationTemplates['proxyToday'] {
  const p = versionOn(tariff, today)?.proxy;
  if (!p) return null;
  const month = today.slice(0, 7);
  const t = p.months.get(month);
  return {
    regionId: p.regionId,
    code: p.code,
    name: p.name,
    month,
    segments: p.segments,
    prices: t?.prices ?? null,
    currency: t?.currency ?? null,
  };
}

export const PROBLEM_KEYS: Record<RateProblem, MessageKey> = {
  segmentsEmpty: 'rateSegmentsEmpty',
  segmentsOrder: 'rateSegmentsOrder',
  segmentsGap: 'rateSegmentsGap',
  segmentsOverlap: 'rateSegmentsOverlap',
  segmentsQuarter: 'rateSegmentsQuarter',
  priceRange: 'ratePriceRange',
  validityOrder: 'rateValidityOrder',
};

export const conflict = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(409, ResultCode.CONFLICT, key, params);
export const codeTakenError = (code: string) => conflict('rateCodeTaken', { code });
export const nameTakenError = (name: string) => conflict('rateNameTaken', { name });

/**
 * Rate templates (/system/rate). Templates are shared tariffs, not station data, so every holder
 * of `sys:rate:query` lists them all; the stations named on a template are only those in the
 * caller's scope. A station is priced by dated assignments (issue 21 finding 3): one template
 * from a station-local date on, so each local day has exactly one (or, disabled or outside its
 * validity, none). An assignment starts today or later; only the logged re-pricing call, after
 * its preview, starts one in the past.
 */
export class RateService {
  private readonly energy: EnergyService;

  constructor(private readonly db: Db) {
    this.energy = new EnergyService(db);
  }

  async page(user: SessionUser, q: RatePageBody, lang: Lang): Promise<{ rows: RateTemplate[]; total: number }> {
    const { rows, total } = await templatePage(this.db, q, lang);
    return { rows: await this.withStations(user, rows, lang), total };
  }

  async detail(user: SessionUser, id: number, lang: Lang): Promise<RateTemplate> {
    const t = await findTemplate(this.db, id);
    if (!t) throw notFound('rateNotFound');
    const [row] = await this.withStations(user, [t], lang);
    if (!row) throw notFound('rateNotFound');
    return row;
  }

  async add(b: RateTemplateBody): Promise<{ id: number }> {
    await this.check(b);
    // Under the lock, so a change of another template's number cannot take this one meanwhile.
    return this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      if (await codeTaken(tx, b.code)) throw codeTakenError(b.code);
      if (await nameTaken(tx, b.name)) throw nameTakenError(b.name);
      // A new template belongs to no station yet: nothing it could overlap.
      const id = await insertTemplate(tx, b);
      if (id === null) throw codeTakenError(b.code);
      return { id };
    });
  }

  /**
   * Revenue is computed on each read, so a change of prices, cut or past validity would rewrite
   * the days the template already priced: refused then (money stays as earned, docs/rates.md);
   * a new template assigned from today or later carries the new prices.
   */
  async update(b: RateTemplateUpdateBody, lang: Lang): Promise<null> {
    const { id, ...body } = b;
    await this.check(body);
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const t = await findTemplate(tx, id);
      if (!t) throw notFound('rateNotFound');
      if (await codeTaken(tx, body.code, id)) throw codeTakenError(body.code);
      if (await nameTaken(tx, body.name, id)) throw nameTakenError(body.name);
      const todays = pricedPast(t, await assignmentsOfTemplate(tx, id));
      if (todays.some((today) => rewritesPast(t, body, today))) throw conflict('rateEditPricedPast', { code: t.code });
      // A name sent back as shown in this language keeps the seeded translations.
      await updateTemplate(tx, id, body, body.name !== rowName(t, lang));
    });
    return null;
  }

  async setEnabled(id: number, enabled: boolean): Promise<null> {
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      if (!(await findTemplate(tx, id))) throw notFound('rateNotFound');
      await setTemplateEnabled(tx, id, enabled);
    });
    return null;
  }

  /** Spec 5: a template must be disabled before deletion; one still used by a station stays. */
  async remove(id: number): Promise<null> {
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const t = await findTemplate(tx, id);
      if (!t) throw notFound('rateNotFound');
      if (t.enabled) throw conflict('rateDeleteEnabled');
      const used = await stationsOfTemplates(tx, [id]);
      if (used.length > 0) throw conflict('rateInUse', { count: used.length });
      await deleteTemplate(tx, id);
    });
    return null;
  }

  async stationTemplates(user: SessionUser, stationId: number, lang: Lang): Promise<RateStationTemplates> {
    const station = await assertStationInScope(this.db, user, stationId);
    const today = localDateOf(Date.now(), station.timezone);
    const tariff = (await stationTariffs(this.db, [station.id])).get(station.id) ?? [];
    const rows = await assignmentsOfStation(this.db, station.id);
    const byId = new Map(tariff.flatMap((v) => (v.template ? [[v.template.id, v.template] as const] : [])));
    const regions = new Map(tariff.flatMap((v) => (v.proxy ? [[v.proxy.regionId, v.proxy] as const] : [])));
    const source = (r: { templateId: number | null; proxyRegionId: number | null }) => {
      const t = r.templateId === null ? undefined : byId.get(r.templateId);
      if (t) return { code: t.code, name: rowName(t, lang) };
      const p = r.proxyRegionId === null ? undefined : regions.get(r.proxyRegionId);
      return { code: p?.code ?? '', name: p?.name ?? '' };
    };
    const inForce = versionOn(rows, today);
    return {
      stationId: station.id,
      timezone: station.timezone,
      today,
      currentId: templateOn(tariff, today)?.id ?? null,
      currentAssignmentId: inForce?.id ?? null,
      assignments: rows.map((r) => ({
        id: r.id,
        templateId: r.templateId,
        proxyRegionId: r.proxyRegionId,
        templateCode: source(r).code,
        templateName: source(r).name,
        validFrom: r.validFrom,
        createTime: r.createTime.toISOString(),
      })),
      templates: await this.withStations(user, [...byId.values()], lang),
      proxyToday: proxyToday(tariff, today),
    };
  }

  /** Assigns a template from a station-local date, today by default and never in the past. */
  async saveStation(user: SessionUser, b: RateStationSaveBody): Promise<null> {
    const station = await assertStationInScope(this.db, user, b.stationId);
    const today = localDateOf(Date.now(), station.timezone);
    const from = b.validFrom ?? today;
    if (from < today) throw conflict('rateAssignPast', { today });
    await this.assign(station, b.templateId, from);
    return null;
  }

  /** What re-pricing from a past date would change; nothing is written. */
  async previewReprice(user: SessionUser, b: RateRepriceBody): Promise<RateReprice> {
    const { station, today } = await this.repriceRange(user, b);
    return this.reprice(station, b, today);
  }

  /**
   * Re-prices past days: the assignment from `validFrom` is written (the operation log records
   * the call) and the answer is the difference it made, as the preview showed it.
   */
  async applyReprice(user: SessionUser, b: RateRepriceBody): Promise<RateReprice> {
    const { station, today } = await this.repriceRange(user, b);
    const answer = await this.reprice(station, b, today);
    await this.assign(station, b.templateId, b.validFrom);
    return answer;
  }

  private async repriceRange(user: SessionUser, b: RateRepriceBody) {
    const station = await assertStationInScope(this.db, user, b.stationId);
    const today = localDateOf(Date.now(), station.timezone);
    if (b.validFrom >= today) throw conflict('rateRepriceNotPast', { today });
    if (b.validFrom < addDays(today, -RATE_REPRICE_MAX_DAYS))
      throw conflict('rateRepriceTooFar', { days: RATE_REPRICE_MAX_DAYS });
    return { station, today };
  }

  private async reprice(station: StationRow, b: RateRepriceBody, today: string): Promise<RateReprice> {
    const template = await this.assignable(b.templateId, b.validFrom);
    const before = (await stationTariffs(this.db, [station.id])).get(station.id) ?? [];
    const after = withVersion(before, b.validFrom, template);
    const figures = await repricePreview(this.energy, station, { from: b.validFrom, today }, before, after);
    return {
      ...figures,
      currency: template.currency,
      replaces: before.flatMap((v) =>
        v.validFrom !== null && v.validFrom > b.validFrom
          ? [{ validFrom: v.validFrom, templateCode: v.template?.code ?? v.proxy?.code ?? '' }]
          : [],
      ),
    };
  }

  /** A template may price a station from `from`: it exists, is enabled and valid that day. */
  private async assignable(templateId: number, from: string): Promise<TouTemplateRow> {
    const [t] = await findTemplates(this.db, [templateId]);
    if (!t) throw notFound('rateNotFound');
    if (!t.enabled) throw conflict('rateAssignDisabled', { code: t.code });
    if (!validOn(t, from)) throw conflict('rateAssignOutside', { code: t.code, date: from });
    return t;
  }

  private async assign(station: StationRow, templateId: number, from: string): Promise<void> {
    await this.assignable(templateId, from);
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      await assignFrom(tx, station.id, { templateId }, from);
    });
  }

  /** The template's own rules (shared with the form), then its electricity type in the dictionary. */
  async check(b: RateTemplateBody): Promise<void> {
    const problem = rateTemplateProblem(b);
    if (problem) throw new AppError(400, ResultCode.BAD_REQUEST, PROBLEM_KEYS[problem]);
    if (!(await electricityTypeExists(this.db, ELECTRICITY_TYPE_DICT, b.electricityType)))
      throw new AppError(400, ResultCode.BAD_REQUEST, 'rateElectricityType', { value: b.electricityType });
  }

  private async withStations(user: SessionUser, rows: TouTemplateRow[], lang: Lang): Promise<RateTemplate[]> {
    const assigned: AssignedStation[] = await stationsOfTemplates(
      this.db,
      rows.map((t) => t.id),
    );
    const scope = user.isAdmin ? null : new Set(await stationIdsInScope(this.db, user));
    return rows.map((t) => toRateTemplate(t, assigned, (id) => scope === null || scope.has(id), lang));
  }
}
