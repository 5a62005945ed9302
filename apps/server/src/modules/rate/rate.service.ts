import {
  ELECTRICITY_TYPE_DICT,
  localDateOf,
  type RatePageBody,
  type RateProblem,
  type RateStationSaveBody,
  type RateStationTemplates,
  type RateTemplate,
  type RateTemplateBody,
  type RateTemplateUpdateBody,
  ResultCode,
  rateTemplateProblem,
} from '@ess/contract';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/messages';
import { AppError, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../lib/types';
import { assertStationInScope, stationIdsInScope } from '../station/station-scope.service';
import {
  type AssignedStation,
  codeTaken,
  deleteTemplate,
  electricityTypeExists,
  enabledTemplatesOfStations,
  findTemplate,
  findTemplates,
  insertTemplate,
  lockRateWrites,
  replaceStationTemplates,
  setTemplateEnabled,
  stationsOfTemplates,
  templatePage,
  templatesOfStation,
  toRateTemplate,
  updateTemplate,
} from './rate.repository';
import { type TouTemplateRow, templateOn, validitiesOverlap } from './rate-lookup';

const PROBLEM_KEYS: Record<RateProblem, MessageKey> = {
  segmentsEmpty: 'rateSegmentsEmpty',
  segmentsOrder: 'rateSegmentsOrder',
  segmentsGap: 'rateSegmentsGap',
  segmentsOverlap: 'rateSegmentsOverlap',
  segmentsQuarter: 'rateSegmentsQuarter',
  priceRange: 'ratePriceRange',
  validityOrder: 'rateValidityOrder',
};

const conflict = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(409, ResultCode.CONFLICT, key, params);
const codeTakenError = (code: string) => conflict('rateCodeTaken', { code });
const overlapError = (station: string, other: string) => conflict('rateValidityOverlap', { station, other });

type Validity = Pick<TouTemplateRow, 'validFrom' | 'validTo'>;

/**
 * Rate templates (/system/rate). Templates are shared tariffs, not station data, so every holder
 * of `sys:rate:query` lists them all; the stations named on a template are only those in the
 * caller's scope. The one rule across templates: the enabled templates of one station never
 * overlap in validity, so exactly one (or none) prices each of its local days. Disabled templates
 * price nothing and may overlap; enabling one checks it.
 */
export class RateService {
  constructor(private readonly db: Db) {}

  async page(user: SessionUser, q: RatePageBody): Promise<{ rows: RateTemplate[]; total: number }> {
    const { rows, total } = await templatePage(this.db, q);
    return { rows: await this.withStations(user, rows), total };
  }

  async detail(user: SessionUser, id: number): Promise<RateTemplate> {
    const t = await findTemplate(this.db, id);
    if (!t) throw notFound('rateNotFound');
    const [row] = await this.withStations(user, [t]);
    if (!row) throw notFound('rateNotFound');
    return row;
  }

  async add(b: RateTemplateBody): Promise<{ id: number }> {
    await this.check(b);
    // Under the lock, so a change of another template's number cannot take this one meanwhile.
    return this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      if (await codeTaken(tx, b.code)) throw codeTakenError(b.code);
      // A new template belongs to no station yet: nothing it could overlap.
      const id = await insertTemplate(tx, b);
      if (id === null) throw codeTakenError(b.code);
      return { id };
    });
  }

  /** A change of prices or cut applies to revenue at once: revenue is computed on each read. */
  async update(b: RateTemplateUpdateBody): Promise<null> {
    const { id, ...body } = b;
    await this.check(body);
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      if (!(await findTemplate(tx, id))) throw notFound('rateNotFound');
      if (await codeTaken(tx, body.code, id)) throw codeTakenError(body.code);
      if (body.enabled) await this.assertNoOverlap(tx, id, body);
      await updateTemplate(tx, id, body);
    });
    return null;
  }

  async setEnabled(id: number, enabled: boolean): Promise<null> {
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const t = await findTemplate(tx, id);
      if (!t) throw notFound('rateNotFound');
      if (enabled) await this.assertNoOverlap(tx, id, t);
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

  async stationTemplates(user: SessionUser, stationId: number): Promise<RateStationTemplates> {
    const station = await assertStationInScope(this.db, user, stationId);
    const today = localDateOf(Date.now(), station.timezone);
    const templates = await templatesOfStation(this.db, station.id);
    const current = templateOn(
      templates.filter((t) => t.enabled),
      today,
    );
    return {
      stationId: station.id,
      timezone: station.timezone,
      today,
      currentId: current?.id ?? null,
      templates: await this.withStations(user, templates),
    };
  }

  /** Replaces the station's templates; its enabled ones must not overlap in validity. */
  async saveStation(user: SessionUser, b: RateStationSaveBody): Promise<null> {
    const station = await assertStationInScope(this.db, user, b.stationId);
    const ids = [...new Set(b.templateIds)];
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const templates = await findTemplates(tx, ids);
      if (templates.length !== ids.length) throw notFound('rateNotFound');
      const enabled = templates.filter((t) => t.enabled);
      for (const [i, a] of enabled.entries()) {
        const other = enabled.slice(i + 1).find((o) => validitiesOverlap(a, o));
        if (other) throw overlapError(station.name, `${a.code} / ${other.code}`);
      }
      await replaceStationTemplates(tx, station.id, ids);
    });
    return null;
  }

  /** The stations of template `id` hold no other enabled template overlapping `validity`. */
  private async assertNoOverlap(tx: Parameters<typeof findTemplate>[0], id: number, validity: Validity) {
    const stationIds = (await stationsOfTemplates(tx, [id])).map((s) => s.id);
    const clash = (await enabledTemplatesOfStations(tx, stationIds, id)).find((o) =>
      validitiesOverlap(validity, o.template),
    );
    if (clash) throw overlapError(clash.station, clash.template.code);
  }

  /** The template's own rules (shared with the form), then its electricity type in the dictionary. */
  private async check(b: RateTemplateBody): Promise<void> {
    const problem = rateTemplateProblem(b);
    if (problem) throw new AppError(400, ResultCode.BAD_REQUEST, PROBLEM_KEYS[problem]);
    if (!(await electricityTypeExists(this.db, ELECTRICITY_TYPE_DICT, b.electricityType)))
      throw new AppError(400, ResultCode.BAD_REQUEST, 'rateElectricityType', { value: b.electricityType });
  }

  private async withStations(user: SessionUser, rows: TouTemplateRow[]): Promise<RateTemplate[]> {
    const assigned: AssignedStation[] = await stationsOfTemplates(
      this.db,
      rows.map((t) => t.id),
    );
    const scope = user.isAdmin ? null : new Set(await stationIdsInScope(this.db, user));
    return rows.map((t) => toRateTemplate(t, assigned, (id) => scope === null || scope.has(id)));
  }
}
