import { z } from 'zod';
import { type Names, names } from './i18n';
import { rowId } from './ids';
import { pageOf, pageQuery } from './paging';
import { isProvinceCode } from './provinces';
import { localDate } from './time-schema';

/**
 * Carbon footprint and energy consumption (issue 24 part 5, docs/carbon.md). Energy comes from
 * meter counters; emissions are energy × the grid emission factor of the station's region
 * (tCO2/MWh, which is also kgCO2/kWh: kg = kWh × factor).
 */
export const CARBON_PERMS = {
  query: 'revenue:carbon:query',
  export: 'revenue:carbon:export',
  add: 'revenueManagement:carbon:add',
  edit: 'revenueManagement:carbon:edit',
  delete: 'revenueManagement:carbon:delete',
} as const;

/** A grid emission factor lies in (0, 2] tCO2/MWh (coal-only grids are about 1). */
export const FACTOR_MAX = 2;
export const FACTOR_YEARS = { min: 2000, max: 2100 } as const;
export const CARBON_SOURCE_MAX = 300;
/** The longest range the page sums (a year and a day, like the earnings ranges). */
export const MAX_CARBON_DAYS = 366;

/**
 * The national average the seed gives (China MEE, 环办气候函〔2023〕43号: the grid factor for
 * enterprise GHG accounting 2023–2025); used for a station whose province has no factor.
 */
export const NATIONAL_FACTOR = {
  factor: 0.5703,
  year: 2023,
  source: names(
    '生态环境部《关于做好2023—2025年发电行业企业温室气体排放报告管理有关工作的通知》（环办气候函〔2023〕43号）全国电网平均排放因子',
    'China Ministry of Ecology and Environment, Huanban Qihou Han [2023] No. 43: national grid average emission factor for enterprise GHG accounting 2023–2025',
    'Ministerio de Ecología y Medio Ambiente de China, Huanban Qihou Han [2023] n.º 43: factor medio de emisión de la red nacional para la contabilidad de GEI de empresas 2023–2025',
    '中国生態環境部 環弁気候函〔2023〕43号：2023〜2025年企業温室効果ガス算定用の全国電力網平均排出係数',
  ),
} as const;

const sourceText = z.string().trim().max(CARBON_SOURCE_MAX);
/** The source in four languages; Chinese is required, a missing translation takes the Chinese. */
export const carbonSourceInput = z.object({
  zh_CN: sourceText.min(1),
  en_US: sourceText.optional(),
  es_ES: sourceText.optional(),
  ja_JP: sourceText.optional(),
});

/** null = the national factor; otherwise a GB/T 2260 province code (provinces.ts). */
const region = z.string().refine(isProvinceCode, 'a GB/T 2260 province code').nullable();

const factorFields = {
  provinceCode: region,
  factor: z.number().gt(0).max(FACTOR_MAX),
  year: z.number().int().min(FACTOR_YEARS.min).max(FACTOR_YEARS.max),
  source: carbonSourceInput,
};
export const carbonFactorAddBody = z.object(factorFields);
export type CarbonFactorAddBody = z.input<typeof carbonFactorAddBody>;
export const carbonFactorUpdateBody = z.object({ id: rowId, ...factorFields });
export type CarbonFactorUpdateBody = z.input<typeof carbonFactorUpdateBody>;
export const carbonFactorIdBody = z.object({ id: rowId });

export const carbonFactorPageBody = pageQuery(['provinceCode', 'year', 'factor'], {
  provinceCode: z.string().max(8).optional(),
});
export type CarbonFactorPageBody = z.input<typeof carbonFactorPageBody>;

export const carbonFactorRow = z.object({
  id: z.number().int(),
  provinceCode: z.string().nullable(),
  /** The region's name in the caller's language ("national" for null). */
  regionName: z.string(),
  factor: z.number(),
  year: z.number().int(),
  source: z.object({ zh_CN: z.string(), en_US: z.string(), es_ES: z.string(), ja_JP: z.string() }),
  updatedAt: z.number(),
});
export type CarbonFactorRow = z.infer<typeof carbonFactorRow>;
export const carbonFactorPage = pageOf(carbonFactorRow);

/** The factor a figure used, with where it comes from. */
export const usedFactor = z.object({
  id: z.number().int(),
  provinceCode: z.string().nullable(),
  regionName: z.string(),
  factor: z.number(),
  year: z.number().int(),
  source: z.string(),
  /** True when the station's province has no factor of its own and the national one applies. */
  national: z.boolean(),
});
export type UsedFactor = z.infer<typeof usedFactor>;

/** A station (null: every station in the caller's scope) and a range of its local days. */
export const carbonBody = z
  .object({ stationId: rowId.nullable().default(null), from: localDate, to: localDate })
  .refine((v) => v.from <= v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_CARBON_DAYS, {
    message: `from must not be after to, at most ${MAX_CARBON_DAYS} days`,
    path: ['to'],
  });
export type CarbonBody = z.input<typeof carbonBody>;

export const CARBON_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const carbonExportBody = z
  .object({
    stationId: rowId.nullable().default(null),
    from: localDate,
    to: localDate,
    format: z.enum(CARBON_EXPORT_FORMATS),
  })
  .refine((v) => v.from <= v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_CARBON_DAYS, {
    message: `from must not be after to, at most ${MAX_CARBON_DAYS} days`,
    path: ['to'],
  });

/**
 * Energy (kWh) and emissions (kg CO2) of a station or a period. null: no meter or no reading.
 * avoidedKg = PV × factor; storageKg = (discharged − charged) × factor (negative: storage adds
 * its losses' emissions); auxKg = auxiliary × factor (emitted); netKg = avoided + storage − aux
 * (positive: net avoided). auxSharePct = aux ÷ (charged + discharged) × 100.
 */
export const carbonFigures = z.object({
  pvKwh: z.number().nullable(),
  chargeKwh: z.number().nullable(),
  dischargeKwh: z.number().nullable(),
  auxKwh: z.number().nullable(),
  auxSharePct: z.number().nullable(),
  avoidedKg: z.number().nullable(),
  storageKg: z.number().nullable(),
  auxKg: z.number().nullable(),
  netKg: z.number(),
  /** The period reaches days not over yet (today): "to date". */
  partial: z.boolean(),
});
export type CarbonFigures = z.infer<typeof carbonFigures>;

export const CARBON_TREND_UNITS = ['day', 'month'] as const;
export const carbonResult = z.object({
  total: carbonFigures,
  /** Per local day up to 62 days, otherwise per month (`YYYY-MM`). */
  unit: z.enum(CARBON_TREND_UNITS),
  trend: z.array(carbonFigures.extend({ period: z.string() })),
  /** Stations by net avoided emissions, most first. */
  ranking: z.array(
    carbonFigures.extend({
      stationId: z.number().int(),
      stationName: z.string(),
      factor: usedFactor.nullable(),
    }),
  ),
  /** The factors used (one per region of the stations in scope). */
  factors: z.array(usedFactor),
});
export type CarbonResult = z.infer<typeof carbonResult>;

/** Up to this many days the trend is per day; beyond, per month. */
export const CARBON_DAILY_MAX = 62;

/** kg of CO2 of an energy (kWh) at a factor (tCO2/MWh = kgCO2/kWh). */
export const emissionKg = (kwh: number, factor: number): number => kwh * factor;

export const nationalNames: Names = names('全国', 'National', 'Nacional', '全国');
