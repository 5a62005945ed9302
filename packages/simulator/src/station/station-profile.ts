import { clamp } from '../physics/numeric';
import type { Rng } from '../physics/random';
import type { SimStation } from './sim-station';

/** The EMS strategy of a station, as an operator would have configured it. */
export type StrategyParams = {
  /** SOC window the strategy works in, % (within the widest setting, 10–95 %). */
  socMinPct: number;
  socMaxPct: number;
  /** Share of the capacity kept above the lower limit after a peak, for demand shaving, %. */
  reservePct: number;
  /**
   * How a window's energy is placed in time: `even` spreads it over the window at a constant
   * power; `fixed` runs at `fixedShare` of the rating from the window's start until done
   * (a time-segment strategy with a fixed power, as many sites configure).
   */
  style: 'even' | 'fixed';
  fixedShare: number;
  /** A charge window starts this late and plans to be full this early (minutes). */
  chargeDelayMin: number;
  chargeMarginMin: number;
  /** A discharge window starts this late (ramp after the period change), minutes. */
  dischargeDelayMin: number;
  /** Planned powers are multiples of this, kW. */
  powerStepKw: number;
  /** Contracted demand: grid import the station must stay below, kW. */
  demandLimitKw: number;
};

/** Where the gateway meter sits: the 10 kV side (高供高计) or the transformer's 400 V side (高供低计). */
export type GridConnection = {
  transformerKva: number;
  meteredAt: 'mv' | 'lv';
  /** Current transformer ratio of a medium-voltage gateway meter (primary A per secondary A). */
  ctRatio: number;
  /** The 10 kV feeder's operating level above nominal, per unit (10.1–10.45 kV). */
  mvOffsetPu: number;
  /** The 400 V bus at no load above nominal, per unit (transformer tap). */
  lvOffsetPu: number;
};

/** The building behind the load meter: its day, as a factory, office or mall keeps it. */
export type LoadShape = {
  /** Night base as a share of the peak. */
  baseShare: number;
  /** Local hours the working day ramps up and down. */
  openHour: number;
  closeHour: number;
  /** Share of the working-day hump left at weekends. */
  weekendShare: number;
  lunchDip: number;
};

/**
 * What makes one station unlike another, drawn once from the station's own random stream
 * (seed and station code): its strategy, grid connection, building, EV traffic and the
 * state of its batteries when the simulation starts.
 */
export type StationProfile = {
  strategy: StrategyParams;
  grid: GridConnection;
  load: LoadShape;
  /** Arrivals at its piles relative to a typical site. */
  evTraffic: number;
  /** Mean SOC of its storage at the start, %. */
  startSocPct: number;
  /** Years in service at the start (SOH fade). */
  ageYears: number;
};

const TRANSFORMER_KVA = [200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500];
const CT_PRIMARY_A = [50, 75, 100, 150, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000];
/** Sites with a transformer up to this size are metered on its 400 V side (高供低计). */
const LV_METERING_MAX_KVA = 630;
/** Commissioning date assumed when the station names none (or none that reads as a date). */
const DEFAULT_COMMISSIONED = '2023-01-01';

/** The start of a station's grid connection date (YYYY-MM-DD…), epoch ms. */
export function commissionedMs(date: string | undefined): number {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date ?? '')?.[0];
  const ms = day ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  return Number.isFinite(ms) ? ms : Date.parse(`${DEFAULT_COMMISSIONED}T00:00:00Z`);
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const roundUp = (v: number, step: number) => Math.ceil(v / step) * step;

/** Smallest standard transformer (or a bank of 2500 kVA units) that carries `kw` at 0.95 power factor. */
function transformerFor(kw: number): number {
  const kva = kw / 0.95;
  return TRANSFORMER_KVA.find((s) => s >= kva) ?? 2500 * Math.ceil(kva / 2500);
}

export type SiteScale = { buildingPeakKw: number; pvKwp: number; pileKw: number };

export function stationProfile(station: SimStation, site: SiteScale, start: Date, rng: Rng): StationProfile {
  const rated = station.ratedPowerKw;
  // Contracted demand: around the site's hot-day peak (below it where storage is meant to shave
  // it), never so low that the night base and most of the storage's charging do not fit.
  const busiestKw = 1.15 * site.buildingPeakKw + 0.5 * site.pileKw;
  const nightKw = 0.45 * site.buildingPeakKw + between(rng, 0.7, 1) * rated;
  const demandLimitKw = station.demandLimitKw ?? roundUp(Math.max(between(rng, 0.88, 1.2) * busiestKw, nightKw), 10);
  const transformerKva = transformerFor(demandLimitKw);
  const ratedA = transformerKva / (Math.sqrt(3) * 10);
  const commissioned = commissionedMs(station.commissioned);
  return {
    strategy: {
      socMinPct: pick(rng, [10, 10, 12, 15, 18]),
      socMaxPct: pick(rng, [88, 90, 92, 95]),
      // Set in kWh by the operator, so a share with decimals.
      reservePct:
        Math.round((roundUp(between(rng, 0, 0.09) * station.capacityKwh, 10) / station.capacityKwh) * 1e4) / 100,
      style: pick(rng, ['even', 'fixed'] as const),
      fixedShare: pick(rng, [0.6, 0.8, 1]),
      chargeDelayMin: pick(rng, [0, 15, 30, 45, 60]),
      chargeMarginMin: pick(rng, [15, 30, 45, 60, 90]),
      dischargeDelayMin: pick(rng, [0, 5, 10, 15]),
      powerStepKw: rated >= 1000 ? 50 : rated >= 200 ? 10 : 5,
      demandLimitKw,
    },
    grid: {
      transformerKva,
      meteredAt: transformerKva <= LV_METERING_MAX_KVA ? 'lv' : 'mv',
      ctRatio: (CT_PRIMARY_A.find((a) => a >= 1.2 * ratedA) ?? 2000) / 5,
      mvOffsetPu: between(rng, 0.01, 0.045),
      lvOffsetPu: between(rng, 0.005, 0.035),
    },
    load: {
      baseShare: between(rng, 0.25, 0.42),
      openHour: between(rng, 6.5, 8.5),
      closeHour: between(rng, 17.5, 21),
      weekendShare: between(rng, 0.3, 0.8),
      lunchDip: between(rng, 0.04, 0.15),
    },
    evTraffic: between(rng, 0.6, 1.5),
    startSocPct: between(rng, 20, 80),
    ageYears: clamp((start.getTime() - commissioned) / (365.25 * 86_400_000), 0, 30),
  };
}
