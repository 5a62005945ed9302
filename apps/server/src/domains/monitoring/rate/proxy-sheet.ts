import {
  type Lang,
  localMonth,
  PROXY_LIMITS,
  PROXY_SHEET_COLUMNS,
  priceInRange,
  ResultCode,
  TOU_PERIOD_NAMES,
  TOU_PERIODS,
  type TouPrices,
} from '@ess/contract';
import { type MessageKey, translate } from '../../../i18n/messages';
import { AppError } from '../../../lib/app-error';
import type { ExportSheet } from '../../../lib/export-file';
import { cellValue, headerColumns, openUploadedSheet, type SheetCell } from '../../../lib/workbook-read';
import type { PriceValues, PriceWithRegion, ProxyRegionDbRow } from './proxy.repository';

/**
 * Monthly proxy prices as a workbook and back: one row per region and month, the columns
 * PROXY_SHEET_COLUMNS (stable keys, so a file exported in one language imports in any). An
 * export with no rows is the import template.
 */
export function priceSheet(rows: PriceWithRegion[], lang: Lang): ExportSheet {
  const periodName = new Map(TOU_PERIODS.map((p) => [p as string, TOU_PERIOD_NAMES[p][lang]]));
  // The key first: the import reads a header up to its first space.
  const header = (key: Column) => (periodName.has(key) ? `${key} (${periodName.get(key)})` : key);
  return {
    name: 'proxy-prices',
    columns: PROXY_SHEET_COLUMNS.map((key) => ({ key, header: header(key), width: key === 'source' ? 40 : 14 })),
    rows: rows.map(({ price, region }) => ({
      region: region.code,
      month: price.month,
      ...price.prices,
      currency: price.currency,
      source: price.source,
    })),
  };
}

export type SheetRowError = { row: number; message: string };
export type ImportedPrice = PriceValues & { row: number };

type Column = (typeof PROXY_SHEET_COLUMNS)[number];

/** A month cell: `YYYY-MM` text, or a date Excel made of it (its first day). */
const monthOf = (c: SheetCell): string | null => {
  if (c === null) return null;
  const s = String(c);
  const m = /^(\d{4}-\d{2})(-01(T00:00:00(\.000)?Z)?)?$/.exec(s);
  return m?.[1] && localMonth.safeParse(m[1]).success ? m[1] : null;
};
const numberOf = (c: SheetCell): number | null => {
  if (typeof c === 'number') return c;
  if (typeof c !== 'string' || c.trim() === '') return null;
  const v = Number(c);
  return Number.isFinite(v) ? v : null;
};

/**
 * Reads and checks every row. Any error: the errors by row (row 1 is the header) and no
 * prices; else every price in file order. Regions are named by their number.
 */
export async function readPriceSheet(
  bytes: Buffer,
  regions: ProxyRegionDbRow[],
  lang: Lang,
): Promise<{ prices: ImportedPrice[]; errors: SheetRowError[] }> {
  const sheet = await openUploadedSheet(bytes, PROXY_LIMITS.importBytesMax);
  const header = headerColumns(sheet, PROXY_SHEET_COLUMNS);
  for (const column of ['region', 'month', ...TOU_PERIODS] as const)
    if (!header.has(column)) throw new AppError(400, ResultCode.BAD_REQUEST, 'importMissingColumn', { column });
  if (sheet.rowCount > PROXY_LIMITS.importRowsMax + 1)
    throw new AppError(400, ResultCode.BAD_REQUEST, 'proxyImportTooMany', { max: PROXY_LIMITS.importRowsMax });

  const byCode = new Map(regions.map((r) => [r.code, r]));
  const errors: SheetRowError[] = [];
  const prices: ImportedPrice[] = [];
  const firstRow = new Map<string, number>();
  const say = (row: number, key: MessageKey, params: Record<string, string | number>) =>
    errors.push({ row, message: translate(lang, 'importRow', { row, detail: translate(lang, key, params) }) });

  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const get = (c: Column): SheetCell => {
      const col = header.get(c);
      return col === undefined ? null : cellValue(row.getCell(col).value);
    };
    if (PROXY_SHEET_COLUMNS.every((c) => get(c) === null)) continue;
    const before = errors.length;
    const code = String(get('region') ?? '');
    const region = byCode.get(code);
    if (!region) say(r, 'proxyImportRegion', { code: code.slice(0, 40) });
    const month = monthOf(get('month'));
    if (month === null) say(r, 'proxyImportMonth', { value: String(get('month') ?? '').slice(0, 40) });
    const values: Partial<TouPrices> = {};
    for (const p of TOU_PERIODS) {
      const v = numberOf(get(p));
      if (v === null || !priceInRange(v))
        say(r, 'proxyImportPrice', { period: p, value: String(get(p) ?? '').slice(0, 40) });
      else values[p] = v;
    }
    const currency = String(get('currency') ?? 'CNY');
    if (!/^[A-Z]{3}$/.test(currency)) say(r, 'proxyImportField', { field: 'currency', value: currency.slice(0, 40) });
    const source = String(get('source') ?? '');
    if (source.length > PROXY_LIMITS.source)
      say(r, 'proxyImportField', { field: 'source', value: `${source.slice(0, 40)}…` });
    if (errors.length > before || !region || month === null) continue;
    const key = `${region.id}/${month}`;
    const first = firstRow.get(key);
    if (first !== undefined) {
      say(r, 'proxyImportDuplicate', { first });
      continue;
    }
    firstRow.set(key, r);
    prices.push({ row: r, regionId: region.id, month, prices: values as TouPrices, currency, source });
  }
  if (errors.length === 0 && prices.length === 0) throw new AppError(400, ResultCode.BAD_REQUEST, 'proxyImportEmpty');
  return errors.length ? { prices: [], errors } : { prices, errors };
}
