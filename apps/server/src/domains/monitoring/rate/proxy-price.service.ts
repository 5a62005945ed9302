import {
  type Lang,
  type ProxyExportBody,
  type ProxyImportResult,
  type ProxyPriceBody,
  type ProxyPriceRow,
  type proxyPricePageBody,
  proxyPricesProblem,
  ResultCode,
} from '@ess/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n/messages';
import { AppError, notFound } from '../../../lib/app-error';
import type { FileAnswer } from '../../../lib/endpoint-route';
import {
  allRegions,
  assignmentsOfStations,
  deletePrice,
  findPrice,
  findRegion,
  followersOf,
  insertPrice,
  type PriceValues,
  type ProxyPriceDbRow,
  priceOfMonth,
  pricePage,
  pricesMatching,
  type Q,
  updatePrice,
} from './proxy.repository';
import { livedMonths } from './proxy-lived';
import { priceSheet, readPriceSheet } from './proxy-sheet';
import { lockRateWrites } from './rate.repository';
import { conflict } from './rate.service';

/** The months of `regionId` among `months` that a following station has lived a day of. */
async function lockedMonths(db: Q, regionId: number, months: string[]): Promise<Set<string>> {
  const followers = await followersOf(db, [regionId]);
  if (followers.length === 0) return new Set();
  const history = await assignmentsOfStations(db, [...new Set(followers.map((f) => f.stationId))]);
  return livedMonths(regionId, followers, history, months);
}

/**
 * Monthly proxy purchase prices (/revenue-management/proxy-price): entered by hand or imported
 * from a workbook, all rows or none. A month that priced a day a following station has lived
 * keeps its prices (money stays as earned); a month not yet priced may be filled in late, which
 * prices its days from then on (docs/proxy-prices.md).
 */
export class ProxyPriceService {
  constructor(private readonly db: Db) {}

  async page(q: z.output<typeof proxyPricePageBody>): Promise<{ rows: ProxyPriceRow[]; total: number }> {
    const { rows, total } = await pricePage(this.db, q);
    const locked = new Map<number, Set<string>>();
    for (const regionId of new Set(rows.map((r) => r.region.id))) {
      const months = rows.filter((r) => r.region.id === regionId).map((r) => r.price.month);
      locked.set(regionId, await lockedMonths(this.db, regionId, months));
    }
    return {
      total,
      rows: rows.map(({ price, region }) => ({
        id: price.id,
        regionId: region.id,
        regionCode: region.code,
        regionName: region.name,
        month: price.month,
        prices: price.prices,
        currency: price.currency,
        source: price.source,
        locked: locked.get(region.id)?.has(price.month) ?? false,
        updatedAt: price.updateTime.getTime(),
      })),
    };
  }

  async add(b: ProxyPriceBody): Promise<{ id: number }> {
    this.check(b);
    return this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const region = await findRegion(tx, b.regionId);
      if (!region) throw notFound('proxyRegionNotFound');
      if (await priceOfMonth(tx, b.regionId, b.month))
        throw conflict('proxyPriceExists', { region: region.name, month: b.month });
      return { id: await insertPrice(tx, b) };
    });
  }

  async update(b: ProxyPriceBody & { id: number }): Promise<null> {
    this.check(b);
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const price = await this.unlocked(tx, b.id);
      const region = await findRegion(tx, b.regionId);
      if (!region) throw notFound('proxyRegionNotFound');
      // Moved to another region or month: the target must be free and not lived either.
      if (price.regionId !== b.regionId || price.month !== b.month) {
        if (await priceOfMonth(tx, b.regionId, b.month))
          throw conflict('proxyPriceExists', { region: region.name, month: b.month });
        if ((await lockedMonths(tx, b.regionId, [b.month])).has(b.month))
          throw conflict('proxyPriceLocked', { month: b.month });
      }
      await updatePrice(tx, b.id, b);
    });
    return null;
  }

  async remove(id: number): Promise<null> {
    await this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      await this.unlocked(tx, id);
      await deletePrice(tx, id);
    });
    return null;
  }

  /** All rows or none: a row naming a lived month that would change is an error of its row. */
  async import(file: string, lang: Lang): Promise<ProxyImportResult> {
    const regions = await allRegions(this.db);
    const { prices, errors } = await readPriceSheet(Buffer.from(file, 'base64'), regions, lang);
    if (errors.length > 0) return { added: 0, updated: 0, errors };
    return this.db.transaction(async (tx) => {
      await lockRateWrites(tx);
      const plan: { row: number; values: PriceValues; existing: ProxyPriceDbRow | null }[] = [];
      const rowErrors: ProxyImportResult['errors'] = [];
      for (const regionId of new Set(prices.map((p) => p.regionId))) {
        const mine = prices.filter((p) => p.regionId === regionId);
        const lived = await lockedMonths(
          tx,
          regionId,
          mine.map((p) => p.month),
        );
        for (const { row, ...values } of mine) {
          const existing = await priceOfMonth(tx, regionId, values.month);
          if (existing && lived.has(values.month) && !samePrice(existing, values)) {
            const detail = translate(lang, 'proxyPriceLocked', { month: values.month });
            rowErrors.push({ row, message: translate(lang, 'importRow', { row, detail }) });
          } else plan.push({ row, values, existing });
        }
      }
      if (rowErrors.length > 0) return { added: 0, updated: 0, errors: rowErrors.sort((a, b) => a.row - b.row) };
      let added = 0;
      let updated = 0;
      for (const { values, existing } of plan) {
        if (!existing) {
          await insertPrice(tx, values);
          added++;
        } else if (!samePrice(existing, values)) {
          await updatePrice(tx, existing.id, values);
          updated++;
        }
      }
      return { added, updated, errors: [] };
    });
  }

  async export(b: ProxyExportBody, lang: Lang): Promise<FileAnswer> {
    const rows = await pricesMatching(this.db, b);
    return { format: 'xlsx', name: 'proxy-prices', sheets: [priceSheet(rows, lang)] };
  }

  private check(b: ProxyPriceBody): void {
    if (proxyPricesProblem(b.prices)) throw new AppError(400, ResultCode.BAD_REQUEST, 'ratePriceRange');
  }

  /** The price, if no following station has lived a day of its month. */
  private async unlocked(tx: Q, id: number): Promise<ProxyPriceDbRow> {
    const price = await findPrice(tx, id);
    if (!price) throw notFound('proxyPriceNotFound');
    if ((await lockedMonths(tx, price.regionId, [price.month])).has(price.month))
      throw conflict('proxyPriceLocked', { month: price.month });
    return price;
  }
}

const samePrice = (a: ProxyPriceDbRow, b: PriceValues): boolean =>
  a.currency === b.currency &&
  a.source === b.source &&
  Object.entries(b.prices).every(([k, v]) => a.prices[k as keyof typeof a.prices] === v);
