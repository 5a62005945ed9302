import { z } from 'zod';
import { base64File } from './base64-file';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';
import { PROVINCE_CODES } from './provinces';
import { priceInRange, RATE_LIMITS, type RateProblem, ratePrices, rateSegmentsProblem } from './rate';
import { localDate, localMonth } from './time-schema';
import { TOU_PERIODS, touSegment } from './tou';

/**
 * Proxy purchase prices (电网代理购电, issue 24 part 2): a grid company buys power for the
 * customers it serves and publishes the price per period each month, per region (a province,
 * a voltage level, an electricity type). A region keeps its time-of-use cut and its model (spec 5:
 * JSON, valid and non-empty); its prices are dated by month. A station may follow a region
 * instead of a fixed template (rate.ts), and the rate lookup then prices each of its local days at
 * the region's price for that month (docs/proxy-prices.md).
 */
export const PROXY_REGION_PERMS = {
  query: 'revenueManagement:proxyPriceRegion:query',
  add: 'revenueManagement:proxyPriceRegion:add',
  edit: 'revenueManagement:proxyPriceRegion:edit',
  delete: 'revenueManagement:proxyPriceRegion:delete',
} as const;
export const PROXY_PRICE_PERMS = {
  query: 'revenueManagement:proxyPrice:query',
  add: 'revenueManagement:proxyPrice:add',
  edit: 'revenueManagement:proxyPrice:edit',
  delete: 'revenueManagement:proxyPrice:delete',
  import: 'revenueManagement:proxyPrice:import',
  export: 'revenueManagement:proxyPrice:export',
} as const;

export const PROXY_LIMITS = {
  code: 32,
  name: 64,
  /** The region model as JSON text. */
  modelChars: 8_000,
  source: 200,
  /** An import file (a workbook of prices is a few kB; a year of 31 provinces about 60 kB). */
  importBytesMax: 1024 * 1024,
  importRowsMax: 2_000,
} as const;

/** The columns of the import and export workbook, stable keys in every language. */
export const PROXY_SHEET_COLUMNS = ['region', 'month', ...TOU_PERIODS, 'currency', 'source'] as const;

const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .default('CNY');

const regionFields = {
  /** Region number (编号): unique, the key an import names. */
  code: z
    .string()
    .trim()
    .min(1)
    .max(PROXY_LIMITS.code)
    .regex(/^[A-Za-z0-9_.-]+$/),
  name: z.string().trim().min(1).max(PROXY_LIMITS.name),
  provinceCode: z.enum(PROVINCE_CODES),
  /** The daily period cut its prices follow (the rate template's rules). */
  segments: z.array(touSegment).max(RATE_LIMITS.segments),
  /** The region model (区域模型) as JSON text: checked valid and non-empty by `regionModelProblem`. */
  model: z.string().max(PROXY_LIMITS.modelChars),
};
export const proxyRegionBody = z.object(regionFields);
export type ProxyRegionBody = z.infer<typeof proxyRegionBody>;
export const proxyRegionUpdateBody = z.object({ id: rowId, ...regionFields });
export type ProxyRegionUpdateBody = z.infer<typeof proxyRegionUpdateBody>;
export const proxyIdBody = z.object({ id: rowId });

export const proxyRegionPageBody = pageQuery(['code', 'name', 'provinceCode', 'updateTime'], {
  keyword: searchText(),
  provinceCode: z.enum(PROVINCE_CODES).optional(),
});
export type ProxyRegionPageBody = z.input<typeof proxyRegionPageBody>;

/** The region list's filters, for its export (unknown fields refused: no body meant for another call). */
export const proxyRegionExportBody = z.strictObject({
  keyword: searchText(),
  provinceCode: z.enum(PROVINCE_CODES).optional(),
});
export type ProxyRegionExportBody = z.infer<typeof proxyRegionExportBody>;

export const proxyRegionRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  provinceCode: z.string(),
  provinceName: z.string(),
  segments: z.array(touSegment),
  /** The model, pretty-printed JSON. */
  model: z.string(),
  /** Months with a price, and the latest of them. */
  priceMonths: z.number().int(),
  latestMonth: z.string().nullable(),
  /** Stations following the region now or from a later date (within the caller's scope). */
  stations: z.array(z.object({ id: z.number().int(), name: z.string(), validFrom: z.string().nullable() })),
  updatedAt: z.number(),
});
export type ProxyRegionRow = z.infer<typeof proxyRegionRow>;
export const proxyRegionPage = pageOf(proxyRegionRow);
/** Every region, for pickers (code and name). */
export const proxyRegionOptions = z.array(
  z.object({ id: z.number().int(), code: z.string(), name: z.string(), provinceCode: z.string() }),
);

const priceFields = {
  regionId: rowId,
  month: localMonth,
  prices: ratePrices,
  currency,
  /** Where the price comes from (the grid company's notice). */
  source: z.string().trim().max(PROXY_LIMITS.source).default(''),
};
export const proxyPriceBody = z.object(priceFields);
export type ProxyPriceBody = z.infer<typeof proxyPriceBody>;
export const proxyPriceUpdateBody = z.object({ id: rowId, ...priceFields });
export type ProxyPriceUpdateBody = z.infer<typeof proxyPriceUpdateBody>;

export const proxyPricePageBody = pageQuery(['month', 'regionCode', 'updateTime'], {
  regionId: rowId.optional(),
  monthFrom: localMonth.optional(),
  monthTo: localMonth.optional(),
});
export type ProxyPricePageBody = z.input<typeof proxyPricePageBody>;

export const proxyPriceRow = z.object({
  id: z.number().int(),
  regionId: z.number().int(),
  regionCode: z.string(),
  regionName: z.string(),
  month: z.string(),
  prices: ratePrices,
  currency: z.string(),
  source: z.string(),
  /** Some station following the region has lived a day of the month: the price stays (money as earned). */
  locked: z.boolean(),
  updatedAt: z.number(),
});
export type ProxyPriceRow = z.infer<typeof proxyPriceRow>;
export const proxyPricePage = pageOf(proxyPriceRow);

export const proxyImportBody = z.object({ file: base64File(PROXY_LIMITS.importBytesMax) });
export type ProxyImportBody = z.infer<typeof proxyImportBody>;
/** Any row refused and nothing is written: the errors by spreadsheet row (the header is row 1). */
export const proxyImportResult = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ProxyImportResult = z.infer<typeof proxyImportResult>;
// Every field optional: unknown ones are refused, so a body meant for another call is not a full export.
export const proxyExportBody = z.strictObject({
  regionId: rowId.optional(),
  monthFrom: localMonth.optional(),
  monthTo: localMonth.optional(),
});
export type ProxyExportBody = z.infer<typeof proxyExportBody>;

/** A station follows a region's proxy price from a local date (today by default, never past). */
export const rateStationProxyBody = z.object({
  stationId: rowId,
  regionId: rowId,
  validFrom: localDate.optional(),
});
export type RateStationProxyBody = z.infer<typeof rateStationProxyBody>;

export type RegionModelProblem = 'modelInvalid' | 'modelEmpty';

/** Spec 5: the region model JSON must be valid and non-empty (an object or list with something in it). */
export function regionModelProblem(text: string): RegionModelProblem | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'modelInvalid';
  }
  if (Array.isArray(value)) return value.length > 0 ? null : 'modelEmpty';
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0 ? null : 'modelEmpty';
  return 'modelInvalid';
}

/** A region's own rules: the cut as a template's, then the model. */
export const proxyRegionProblem = (
  b: Pick<ProxyRegionBody, 'segments' | 'model'>,
): RateProblem | RegionModelProblem | null => rateSegmentsProblem(b.segments) ?? regionModelProblem(b.model);

/** A month's prices in spec 5's range. */
export const proxyPricesProblem = (prices: Record<(typeof TOU_PERIODS)[number], number>): 'priceRange' | null =>
  TOU_PERIODS.every((p) => priceInRange(prices[p])) ? null : 'priceRange';
