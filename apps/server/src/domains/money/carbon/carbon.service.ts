import {
  addDays,
  CARBON_DAILY_MAX,
  type CarbonFactorRow,
  type CarbonResult,
  type carbonBody,
  type carbonFactorAddBody,
  type carbonFactorPageBody,
  datesBetween,
  LANGS,
  type Lang,
  localDayStart,
  type Names,
  type PageOf,
  type UsedFactor,
} from '@ess/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { assertStationInScope, stationsInScope } from '../../../kernel/station-scope.service';
import { notFound, refusal } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { auxiliaryDays, type CounterDay, counterDays, type EnergyService, pvDays } from '../../monitoring/energy';
import type { StationRow } from '../../stations/device';
import {
  allFactors,
  deleteFactor,
  type FactorValues,
  factorPage,
  findFactor,
  insertFactor,
  nationalCount,
  regionYearTaken,
  updateFactor,
} from './carbon.repository';
import { addDay, addTally, emptyTally, figuresOf, type StationDay, type Tally } from './carbon-figures';
import { factorFor, regionName } from './factor-choice';

type Range = z.output<typeof carbonBody>;
type FactorInput = z.output<typeof carbonFactorAddBody>;

/**
 * Carbon footprint and energy consumption (docs/carbon.md): every energy a difference of meter
 * counters per station-local day (the energy module's face), every emission that energy times
 * the grid emission factor of the station's province (the national one where it has none).
 */
export class CarbonService {
  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
  ) {}

  /** The stations asked for: one (scope checked) or every built station in the caller's scope. */
  async stationsOf(user: SessionUser, stationId: number | null): Promise<StationRow[]> {
    if (stationId !== null) return [await assertStationInScope(this.db, user, stationId)];
    return (await stationsInScope(this.db, user)).filter((s) => s.type !== 'proposed');
  }

  async figures(user: SessionUser, body: Range, lang: Lang, now = Date.now()): Promise<CarbonResult> {
    return this.figuresOf(await this.stationsOf(user, body.stationId), body, lang, now);
  }

  /** The figures of stations the caller may see (stationsOf, stationsIn) over [from, to]. */
  async figuresOf(
    stations: StationRow[],
    body: { from: string; to: string },
    lang: Lang,
    now = Date.now(),
  ): Promise<CarbonResult> {
    const factors = await allFactors(this.db);
    const year = Number(body.to.slice(0, 4));
    const unit = datesBetween(body.from, body.to).length <= CARBON_DAILY_MAX ? 'day' : 'month';
    const total = emptyTally();
    const periods = new Map<string, Tally>();
    const used = new Map<number, UsedFactor>();
    const ranking: CarbonResult['ranking'] = [];
    for (const station of stations) {
      const factor = factorFor(factors, station.provinceCode, year, lang);
      if (factor) used.set(factor.id, factor);
      const own = emptyTally();
      for (const day of await this.stationDays(station, body.from, body.to, now)) {
        const key = unit === 'day' ? day.date : day.date.slice(0, 7);
        const period = periods.get(key) ?? emptyTally();
        addDay(period, day, factor?.factor ?? null);
        periods.set(key, period);
        addDay(own, day, factor?.factor ?? null);
      }
      addTally(total, own);
      ranking.push({ ...figuresOf(own), stationId: station.id, stationName: station.name, factor });
    }
    ranking.sort((a, b) => b.netKg - a.netKg || a.stationId - b.stationId);
    const keys =
      unit === 'day'
        ? datesBetween(body.from, body.to)
        : [...new Set(datesBetween(body.from, body.to).map((d) => d.slice(0, 7)))];
    return {
      total: figuresOf(total),
      unit,
      trend: keys.map((period) => ({ ...figuresOf(periods.get(period) ?? emptyTally()), period })),
      ranking,
      factors: [...used.values()],
    };
  }

  /** A station's days: PV, storage (charged, discharged) and auxiliary counters. */
  private async stationDays(station: StationRow, from: string, to: string, now: number): Promise<StationDay[]> {
    const storage = await this.energy.meterCounters(station.id, 'storage');
    const side = (id: number | null | undefined) =>
      id == null ? Promise.resolve(null) : counterDays(this.db, station, [id], from, to, now);
    const [pv, aux, charge, discharge] = await Promise.all([
      pvDays(this.db, station, from, to, now),
      auxiliaryDays(this.db, station, from, to, now),
      side(storage?.reverse),
      side(storage?.forward),
    ]);
    const at = (days: CounterDay[] | null, i: number) => days?.[i];
    return datesBetween(from, to).map((date, i) => ({
      date,
      ended: localDayStart(addDays(date, 1), station.timezone) <= now,
      pv: at(pv, i),
      charge: at(charge, i),
      discharge: at(discharge, i),
      aux: at(aux, i),
    }));
  }

  async factorPage(q: z.output<typeof carbonFactorPageBody>, lang: Lang): Promise<PageOf<CarbonFactorRow>> {
    const { rows, total } = await factorPage(this.db, q);
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        provinceCode: r.provinceCode,
        regionName: regionName(r.provinceCode, lang),
        factor: r.factor,
        year: r.year,
        source: r.source,
        updatedAt: r.updateTime.getTime(),
      })),
    };
  }

  async addFactor(body: FactorInput, lang: Lang): Promise<{ id: number }> {
    const v = values(body);
    await this.refuseTaken(v, lang);
    const id = await insertFactor(this.db, v);
    if (id === null) throw taken(v, lang);
    return { id };
  }

  async updateFactor(body: FactorInput & { id: number }, lang: Lang): Promise<null> {
    const old = await findFactor(this.db, body.id);
    if (!old) throw notFound('carbonFactorNotFound');
    const v = values(body);
    await this.refuseTaken(v, lang, body.id);
    // A national factor turned provincial would leave stations without one.
    if (old.provinceCode === null && v.provinceCode !== null && (await nationalCount(this.db)) <= 1) {
      throw refusal('carbonNationalRequired', 409);
    }
    if (!(await updateFactor(this.db, body.id, v))) throw taken(v, lang);
    return null;
  }

  async deleteFactor(id: number): Promise<null> {
    const old = await findFactor(this.db, id);
    if (!old) throw notFound('carbonFactorNotFound');
    if (old.provinceCode === null && (await nationalCount(this.db)) <= 1) throw refusal('carbonNationalRequired', 409);
    await deleteFactor(this.db, id);
    return null;
  }

  private async refuseTaken(v: FactorValues, lang: Lang, exceptId?: number): Promise<void> {
    if (await regionYearTaken(this.db, v, exceptId)) throw taken(v, lang);
  }
}

const taken = (v: FactorValues, lang: Lang) =>
  refusal('carbonFactorTaken', 409, { region: regionName(v.provinceCode, lang), year: v.year });

/** Stored values: every language of the source filled (a missing one takes the Chinese). */
function values(b: FactorInput): FactorValues {
  const source = Object.fromEntries(LANGS.map((l) => [l, b.source[l] || b.source.zh_CN])) as Names;
  return { provinceCode: b.provinceCode, factor: b.factor, year: b.year, source };
}
