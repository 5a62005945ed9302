/**
 * Request and response shapes of the history-curve and monitoring calls of spec 7
 * (docs/api.md "Devices, points, monitoring, live"). Power in kW (signs of domain.md:
 * storage > 0 discharge, grid > 0 import), energy in kWh, money in the template's currency.
 */
import { z } from 'zod';
import { MAX_INDICATORS } from './constants';
import { DEVICE_STATUSES, DEVICE_TYPES } from './device';
import { pointCode } from './device-api';
import { rowId } from './ids';
import { stationSummary } from './live';
import { epochMs, localDate } from './time-schema';
import { TOU_PERIODS, touPrices, touSegment } from './tou';

/** Grid emission factor for avoided carbon: tCO2 per MWh of PV generation (China's average, domain.md). */
export const CARBON_FACTOR_T_PER_MWH = 0.57;
/** A history series never carries more buckets than this. */
export const MAX_CURVE_BUCKETS = 1_000;
/** Longest range of one history query: five years. */
export const MAX_CURVE_SPAN_MS = 5 * 366 * 86_400_000;
/** Longest range of the daily income and charge-discharge tables: two years. */
export const MAX_INCOME_DAYS = 731;

/**
 * What a series was read from: raw samples, 15-minute roll-ups, hours re-aggregated from
 * them, or daily roll-ups (local days). `bucketMs` is the width of each returned bucket
 * (null for raw samples returned as they are).
 */
export const CURVE_RESOLUTIONS = ['raw', '15m', '1h', '1d'] as const;
export type CurveResolution = (typeof CURVE_RESOLUTIONS)[number];

const range = <T extends { from: number; to: number }>(v: T) => v.to > v.from && v.to - v.from <= MAX_CURVE_SPAN_MS;
const rangeIssue = { message: 'to must be after from, at most five years later', path: ['to'] };

const uniqueCodes = (codes: string[]) => new Set(codes).size === codes.length;

export const pointCurveBody = z
  .object({
    deviceId: rowId,
    points: z.array(pointCode).min(1).max(MAX_INDICATORS).refine(uniqueCodes, 'point codes must be unique'),
    from: epochMs,
    to: epochMs,
  })
  .refine(range, rangeIssue);

/**
 * One series: `data` is `[ts, value]` — raw samples, or per bucket (ts = bucket start) the
 * average, or the last value for counters and status points. `band` `[ts, min, max]` accompanies
 * averaged buckets.
 */
export const curveSeries = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  resolution: z.enum(CURVE_RESOLUTIONS),
  bucketMs: z.number().int().nullable(),
  data: z.array(z.tuple([z.number(), z.number()])),
  band: z.array(z.tuple([z.number(), z.number(), z.number()])).optional(),
});
export type CurveSeries = z.infer<typeof curveSeries>;

export const curveResult = z.object({ from: z.number().int(), to: z.number().int(), series: z.array(curveSeries) });
export type CurveResult = z.infer<typeof curveResult>;

export const dynamicCurveBody = z
  .object({
    stationId: rowId,
    items: z
      .array(z.object({ deviceId: rowId, code: pointCode }))
      .min(1)
      .max(MAX_INDICATORS)
      .refine((xs) => uniqueCodes(xs.map((x) => `${x.deviceId}.${x.code}`)), 'items must be unique'),
    /** Default: the station's local midnight today. */
    from: epochMs.optional(),
    /** Default: now. */
    to: epochMs.optional(),
  })
  .refine((v) => v.from === undefined || v.to === undefined || range({ from: v.from, to: v.to }), rangeIssue);

export const realtimeCurveBody = z.object({
  stationId: rowId,
  /** Local date of the station; default today. */
  date: localDate.optional(),
});

/** The station's day in 15-minute averages of its station-totals points. */
export const realtimeCurveResult = z.object({
  date: z.string(),
  timezone: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  series: z.array(curveSeries),
});

export const touTemplateInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  segments: z.array(touSegment),
  prices: touPrices,
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  /** Dictionary `electricityType` (rate templates, issue 13). */
  electricityType: z.string().optional(),
});
export type TouTemplateInfo = z.infer<typeof touTemplateInfo>;

/** Station KPIs of the home page (spec 7 `pcsStationData`). */
export const stationKpis = z.object({
  stationId: z.number().int(),
  date: z.string(),
  timezone: z.string(),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  soc: z.number().nullable(),
  storagePowerKw: z.number().nullable(),
  /** From the storage meter's counters: reverse = charged, forward = discharged. */
  todayChargeKwh: z.number().nullable(),
  todayDischargeKwh: z.number().nullable(),
  totalChargeKwh: z.number().nullable(),
  totalDischargeKwh: z.number().nullable(),
  /** Arbitrage revenue today under the station's TOU template; null without a template. */
  todayRevenue: z.number().nullable(),
  currency: z.string(),
  /** From the PV meter's forward counter. */
  pvTodayKwh: z.number().nullable(),
  pvTotalKwh: z.number().nullable(),
  /** PV energy (MWh) × carbonFactor. */
  carbonTodayT: z.number().nullable(),
  carbonTotalT: z.number().nullable(),
  carbonFactor: z.number(),
  ts: z.number().int(),
});
export type StationKpis = z.infer<typeof stationKpis>;

/** The energy-flow snapshot (`middle`): the station totals. */
export const energyFlow = stationSummary;

export const deviceStatusCount = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  /** Online and reporting a fault state (DEVICE_FAULT_STATES). */
  fault: z.number().int(),
});
export const deviceStatusSummary = z.object({
  types: z.array(deviceStatusCount.extend({ type: z.enum(DEVICE_TYPES), typeName: z.string() })),
  total: deviceStatusCount,
});
export type DeviceStatusSummary = z.infer<typeof deviceStatusSummary>;

/** Which status-point values mean "in fault", per device type (device-catalog state labels). */
export const DEVICE_FAULT_STATES: Partial<Record<(typeof DEVICE_TYPES)[number], { code: string; values: number[] }>> = {
  pcs: { code: 'runState', values: [3] },
  cabinet: { code: 'runState', values: [3] },
  bms: { code: 'state', values: [3] },
  pv: { code: 'state', values: [2] },
  charger: { code: 'state', values: [2] },
  ac: { code: 'state', values: [4] },
};

export const incomeBody = z
  .object({ stationId: rowId, from: localDate, to: localDate })
  .refine((v) => v.from <= v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_INCOME_DAYS, {
    message: `from must not be after to, at most ${MAX_INCOME_DAYS} days`,
    path: ['to'],
  });

export const periodEnergy = z.object({
  chargeKwh: z.number(),
  dischargeKwh: z.number(),
  /** discharge × price − charge × price; null without a template. */
  revenue: z.number().nullable(),
});
export type PeriodEnergy = z.infer<typeof periodEnergy>;

export const periodsEnergy = z.object(
  Object.fromEntries(TOU_PERIODS.map((p) => [p, periodEnergy])) as Record<
    (typeof TOU_PERIODS)[number],
    typeof periodEnergy
  >,
);

export const dayIncome = periodEnergy.extend({
  date: z.string(),
  /** Any counter reading in the day. */
  hasData: z.boolean(),
  /** The template valid on the day that cut and priced it (null: none). */
  templateId: z.number().int().nullable().optional(),
  /**
   * The day is whole (`isWholeDay`: over, the storage meter read ≥ 95 % of it) and counts for
   * efficiency; false for today so far, a first day of data or a gap, which are marked partial.
   */
  whole: z.boolean().optional(),
  periods: periodsEnergy,
});
export type DayIncome = z.infer<typeof dayIncome>;

export const incomeResult = z.object({
  stationId: z.number().int(),
  timezone: z.string(),
  currency: z.string(),
  /**
   * The newest price template that priced a day of the range (else the one valid today), null when
   * the station has none. Each day is priced by the template valid on it (`days[].templateId`).
   */
  template: touTemplateInfo.nullable(),
  /** Every template that priced a day of the range, oldest first. */
  templates: z.array(touTemplateInfo).optional(),
  days: z.array(dayIncome),
  months: z.array(periodEnergy.extend({ month: z.string() })),
  total: periodEnergy,
});
export type IncomeResult = z.infer<typeof incomeResult>;

/** A storage unit (PCS of a container plant, or integrated cabinet) for the home and PCS tables. */
export const storageUnit = z.object({
  deviceId: z.number().int(),
  sn: z.string(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  status: z.enum(DEVICE_STATUSES),
  ratedPowerKw: z.number().nullable(),
  powerKw: z.number().nullable(),
  /** Cabinet SOC, or the average of the PCS's battery clusters. */
  soc: z.number().nullable(),
  runState: z.number().nullable(),
  runStateText: z.string().nullable(),
  todayChargeKwh: z.number().nullable(),
  todayDischargeKwh: z.number().nullable(),
  ts: z.number().int().nullable(),
});
export const storageUnits = z.object({ date: z.string(), units: z.array(storageUnit) });
export type StorageUnits = z.infer<typeof storageUnits>;

const stateOf = {
  state: z.number().nullable(),
  stateText: z.string().nullable(),
};

export const airConditionResult = z.object({
  airConditioners: z.array(
    z.object({
      deviceId: z.number().int(),
      sn: z.string(),
      name: z.string(),
      status: z.enum(DEVICE_STATUSES),
      ...stateOf,
      supplyTemp: z.number().nullable(),
      returnTemp: z.number().nullable(),
      humidity: z.number().nullable(),
      powerKw: z.number().nullable(),
      setTemp: z.number().nullable(),
      ts: z.number().int().nullable(),
    }),
  ),
  /** Integrated cabinets: their built-in air conditioning and temperatures. */
  cabinets: z.array(
    z.object({
      deviceId: z.number().int(),
      sn: z.string(),
      name: z.string(),
      status: z.enum(DEVICE_STATUSES),
      ...stateOf,
      envTemp: z.number().nullable(),
      cellTmax: z.number().nullable(),
      cellTmin: z.number().nullable(),
      ts: z.number().int().nullable(),
    }),
  ),
});
export type AirConditionResult = z.infer<typeof airConditionResult>;

/** `common/middlePart`: the PV and charging-pile blocks of the home page. */
export const pvChargerSummary = z.object({
  pv: z.object({
    total: z.number().int(),
    online: z.number().int(),
    powerKw: z.number().nullable(),
    todayKwh: z.number().nullable(),
    totalKwh: z.number().nullable(),
  }),
  chargers: z.object({
    total: z.number().int(),
    online: z.number().int(),
    charging: z.number().int(),
    fault: z.number().int(),
    powerKw: z.number().nullable(),
    todayKwh: z.number().nullable(),
    piles: z.array(
      z.object({
        deviceId: z.number().int(),
        sn: z.string(),
        name: z.string(),
        status: z.enum(DEVICE_STATUSES),
        ...stateOf,
        powerKw: z.number().nullable(),
        sessionKwh: z.number().nullable(),
        evSoc: z.number().nullable(),
        unitPrice: z.number().nullable(),
        serviceFee: z.number().nullable(),
      }),
    ),
  }),
});
export type PvChargerSummary = z.infer<typeof pvChargerSummary>;

/**
 * Site status of spec 4 (the `siteStatus` dictionary): normal, fault shutdown, offline, lost
 * contact for a station in operation; a station under construction or proposed has its own
 * status, never "offline" (it is not expected to communicate yet).
 */
export const SITE_STATUSES = ['normal', 'fault', 'offline', 'lost', 'construction', 'proposed'] as const;

/**
 * One row of the monitoring overview of sites (spec 3 "Site monitoring columns", plus live
 * storage power, SOC, energy available to discharge and today's revenue). Energy today in kWh,
 * totals in MWh, temperatures in °C, EMS usage in %. Null is "no data", never zero; live values
 * are null unless the site communicates (normal or fault). Alarm columns count the station's
 * alarm events (always known, 0 when there are none).
 */
export const siteOverviewRow = z.object({
  stationId: z.number().int(),
  code: z.string(),
  name: z.string(),
  capacity: z.number(),
  ratedPowerKw: z.number(),
  status: z.enum(SITE_STATUSES),
  /** The station's IANA zone: `offlineSince` is shown on its clock. */
  timezone: z.string(),
  /** Since when the site is offline or lost (epoch ms), null when normal or never seen. */
  offlineSince: z.number().int().nullable(),
  /** How long it has been offline or lost, in minutes (spec 3 `time`). */
  time: z.number().int().nullable(),
  /** The most severe level among active alarms (1 critical … 4 hint), 0 without active alarms. */
  alarmStatus: z.number().int().nullable(),
  /** Active alarms (not recovered). */
  alarmNum: z.number().int().nullable(),
  /** Alarms not yet confirmed, recovered or not (the station's bell number). */
  alarmUnresolvedNum: z.number().int().nullable(),
  /** Devices with a work order in progress (spec 4 legend "overhaul"; 0: none). */
  overhaulDevices: z.number().int(),
  /** Round-trip efficiency in %: total discharged over total charged energy (storage meter counters). */
  pcsConversion: z.number().nullable(),
  dailyCharge: z.number().nullable(),
  dailyDischarge: z.number().nullable(),
  /** Today's revenue under the station's TOU prices (as the KPI `todayRevenue`), in `currency`. */
  todayRevenue: z.number().nullable(),
  currency: z.string(),
  /** Live storage power in kW, > 0 discharge, < 0 charge (domain.md). */
  storagePower: z.number().nullable(),
  /** Live SOC in %. */
  soc: z.number().nullable(),
  /** Energy available to discharge in kWh: (SOC − DISCHARGE_SOC_FLOOR_PCT) % of the capacity, ≥ 0. */
  dischargeableEnergy: z.number().nullable(),
  totalChargeE: z.number().nullable(),
  totalDischargeE: z.number().nullable(),
  minTemperature: z.number().nullable(),
  maxTemperature: z.number().nullable(),
  pcsMaxTemperature: z.number().nullable(),
  emsCpuuseProportion: z.number().nullable(),
  emsMemuseProportion: z.number().nullable(),
  emsHarduseProportion: z.number().nullable(),
});
export type SiteOverviewRow = z.infer<typeof siteOverviewRow>;
