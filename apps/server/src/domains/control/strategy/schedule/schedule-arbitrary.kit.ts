import fc from 'fast-check';
import { type Schedule, type ScheduleInput, STEPS_PER_DAY } from './schedule-types';

/** Test data: a random TOU tariff (2–5 price levels cut into runs), load and PV shapes and station limits. */

const unit = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** Prices per step: `levels` prices cut into runs at `cuts`, each run priced by one level. */
export const touTariff = (n = STEPS_PER_DAY) =>
  fc
    .record({
      levels: fc.array(unit(0.02, 1.5), { minLength: 2, maxLength: 5 }),
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: n - 1 }), { minLength: 1, maxLength: 9 }),
      picks: fc.array(fc.nat(), { minLength: 10, maxLength: 10 }),
    })
    .map(({ levels, cuts, picks }) => {
      const bounds = [0, ...[...cuts].sort((a, b) => a - b), n];
      const prices: number[] = [];
      for (let r = 0; r + 1 < bounds.length; r++) {
        const level = levels[(picks[r] ?? 0) % levels.length] ?? 0;
        for (let t = bounds[r] ?? 0; t < (bounds[r + 1] ?? 0); t++) prices.push(level);
      }
      return prices;
    });

/** A commercial load (night base, working-day hump) and PV (half sine 06:00–18:00), each with noise. */
const forecasts = (n: number) =>
  fc
    .record({
      baseKw: unit(10, 400),
      humpKw: unit(0, 600),
      pvPeakKw: unit(0, 900),
      loadNoise: fc.array(unit(0.8, 1.2), { minLength: n, maxLength: n }),
      clouds: fc.array(unit(0.3, 1), { minLength: n, maxLength: n }),
    })
    .map(({ baseKw, humpKw, pvPeakKw, loadNoise, clouds }) => {
      const hour = (t: number) => (24 * t) / n;
      const loadKw = loadNoise.map((k, t) => k * (baseKw + (hour(t) >= 8 && hour(t) < 19 ? humpKw : 0)));
      const pvKw = clouds.map((k, t) => k * pvPeakKw * Math.max(0, Math.sin(((hour(t) - 6) / 12) * Math.PI)));
      return { loadKw, pvKw };
    });

/** A whole schedule input; the end target is always reachable (the LP has a solution). */
export const scheduleInput = (n = STEPS_PER_DAY): fc.Arbitrary<ScheduleInput> =>
  fc
    .record({
      buyPrice: touTariff(n),
      sellShare: fc.option(unit(0, 1), { nil: undefined }),
      forecast: forecasts(n),
      capacityKwh: unit(50, 2000),
      chargeRate: unit(0.2, 1),
      dischargeRate: unit(0.2, 1),
      etaCharge: unit(0.85, 1),
      etaDischarge: unit(0.85, 1),
      socMin: unit(0, 0.3),
      socMax: unit(0.7, 1),
      startShare: unit(0, 1),
      endShare: unit(0, 1),
      limitShare: fc.option(unit(0.3, 1.5), { nil: null }),
      exportAllowed: fc.boolean(),
      degradationCostPerKwh: unit(0, 0.1),
    })
    .map((r) => {
      const soc0 = r.socMin + r.startShare * (r.socMax - r.socMin);
      const peakNet = Math.max(1, ...r.forecast.loadKw.map((l, t) => l - (r.forecast.pvKw[t] ?? 0)));
      const demandLimitKw = r.limitShare === null ? null : r.limitShare * peakNet;
      // With a demand limit charging may be impossible all day: then end at most where the day starts.
      const socEndMin = demandLimitKw === null ? r.endShare * r.socMax : r.socMin + r.endShare * (soc0 - r.socMin);
      return {
        buyPrice: r.buyPrice,
        sellPrice: r.sellShare === undefined ? undefined : r.buyPrice.map((b) => b * (r.sellShare ?? 0)),
        loadKw: r.forecast.loadKw,
        pvKw: r.forecast.pvKw,
        capacityKwh: r.capacityKwh,
        maxChargeKw: r.chargeRate * r.capacityKwh,
        maxDischargeKw: r.dischargeRate * r.capacityKwh,
        etaCharge: r.etaCharge,
        etaDischarge: r.etaDischarge,
        socMin: r.socMin,
        socMax: r.socMax,
        soc0,
        socEndMin,
        demandLimitKw,
        exportAllowed: r.exportAllowed,
        degradationCostPerKwh: r.degradationCostPerKwh,
      };
    });

/** Σ kW·h of import above the demand limit: what the optimiser minimises first. */
export const demandExcessKwh = (input: ScheduleInput, s: Schedule, stepH: number): number =>
  input.demandLimitKw === null
    ? 0
    : s.gridKw.reduce((sum, g) => sum + Math.max(0, g - (input.demandLimitKw ?? 0)) * stepH, 0);
