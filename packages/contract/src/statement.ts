import { z } from 'zod';
import { rowId } from './ids';
import { localMonth } from './time-schema';
import { TOU_PERIODS } from './tou';

/**
 * Earnings statements (收益结算, /revenue-management/earnings-statement, issue 24 parts 3–4):
 * per station and month, energy per time-of-use period from meter counter differences, priced
 * by the rate lookup at each quarter hour, and the revenue split by the settlement ratio.
 */
export const STATEMENT_PERMS = {
  query: 'revenue:statement:query',
  export: 'revenue:statement:export',
  /** Setting a station's settlement ratio (spec 5: 0–100 %) changes who is owed what. */
  ratio: 'revenue:statement:ratio',
} as const;

/** One statement covers at most this many stations (a group's whole fleet). */
export const STATEMENT_MAX_STATIONS = 500;
export const STATEMENT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const statementBody = z.object({
  stationIds: z.array(rowId).min(1).max(STATEMENT_MAX_STATIONS),
  month: localMonth,
});
export type StatementBody = z.infer<typeof statementBody>;

export const statementExportBody = statementBody.extend({ format: z.enum(STATEMENT_FORMATS) });
export type StatementExportBody = z.infer<typeof statementExportBody>;

/** Energy of one period at one price: a template change mid-month gives a period two lines. */
export const statementPeriod = z.object({
  period: z.enum(TOU_PERIODS),
  chargeKwh: z.number(),
  dischargeKwh: z.number(),
  /** Price per kWh in force for these quarter hours; null where no template priced them. */
  price: z.number().nullable(),
});
export type StatementPeriod = z.infer<typeof statementPeriod>;

export const statementRow = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  /** The station's clock: the month is its local calendar month. */
  timeZone: z.string(),
  chargeKwh: z.number(),
  dischargeKwh: z.number(),
  /** Money in the template's currency, rounded to the cent. */
  chargeCost: z.number(),
  dischargeIncome: z.number(),
  revenue: z.number(),
  /** The owner's share in % (0–100) in force for the month; the investor has the rest. */
  settlementRatio: z.number(),
  ownerShare: z.number(),
  investorShare: z.number(),
  periods: z.array(statementPeriod),
  /** The local days counted: the whole month once it has ended, up to today before. */
  from: z.string(),
  to: z.string(),
  /** True while the month has not ended in the station's clock: a partial figure. */
  partial: z.boolean(),
  /** Days in the range with energy but no template in force (their energy is not priced). */
  unpricedDays: z.number().int(),
});
export type StatementRow = z.infer<typeof statementRow>;

export const statementResult = z.object({
  rows: z.array(statementRow),
  total: z.object({
    chargeKwh: z.number(),
    dischargeKwh: z.number(),
    revenue: z.number(),
    chargeCost: z.number(),
    dischargeIncome: z.number(),
    ownerShare: z.number(),
    investorShare: z.number(),
  }),
});
export type StatementResult = z.infer<typeof statementResult>;

/** A settlement ratio in force from a month on, until the next one (dated, so past months keep theirs). */
export const settlementRatio = z.object({
  stationId: z.number().int(),
  fromMonth: localMonth,
  /** The owner's share, % (spec 5: 0–100). */
  ratio: z.number().min(0).max(100),
});
export type SettlementRatio = z.infer<typeof settlementRatio>;
export const settlementRatioListBody = z.object({ stationId: rowId });
export const settlementRatioList = z.array(settlementRatio.extend({ updateBy: z.string(), updateTime: z.number() }));
export const settlementRatioSetBody = settlementRatio.extend({ stationId: rowId });
export const settlementRatioDeleteBody = z.object({ stationId: rowId, fromMonth: localMonth });

/** The ratio a station has before any is set: all revenue to the owner. */
export const DEFAULT_SETTLEMENT_RATIO = 100;
