import { describe, expect, it } from 'vitest';
import { Battery } from './battery';
import { conversionEfficiency } from './converter';
import { HOUR_S } from './numeric';
import { rngFor } from './random';

const RATED_KW = 500;
const STEP_S = 10;

/** A 1 MWh rack of a given health behind a 500 kW converter on its part-load curve. */
const rack = (sohPct: number) =>
  new Battery({
    energyKwh: 1000,
    cellsInSeries: 240,
    maxCRate: 0.5,
    rng: rngFor(1, 'rack'),
    socPct: 30,
    tempC: 25,
    sohPct,
  });

/**
 * Charges at `kw` from 30 % to 80 % SOC, then discharges at `kw` until the SOC is back where it
 * began: AC energy in and out, as the storage meter counts them, and what the SOC moved.
 */
function cycle(b: Battery, kw: number) {
  const start = b.soc;
  let charged = 0;
  let discharged = 0;
  const eta = conversionEfficiency(kw / RATED_KW);
  while (b.soc < 80) {
    b.step(STEP_S, -kw, eta, 25);
    charged += (kw * STEP_S) / HOUR_S;
  }
  while (b.soc > start) {
    b.step(STEP_S, kw, eta, 25);
    discharged += (kw * STEP_S) / HOUR_S;
  }
  return { charged, discharged, socChangeKwh: ((b.soc - start) / 100) * b.usableKwh };
}

describe('battery round trip from its physics', () => {
  it('gives racks of different ageing different plausible efficiencies, energy conserved', () => {
    const fresh = rack(99);
    const aged = rack(80);
    const a = cycle(fresh, 450);
    const b = cycle(aged, 450);
    const eta = (c: { charged: number; discharged: number; socChangeKwh: number }, bat: Battery) =>
      // What the SOC moved, valued at the rack's discharge efficiency, completes the cycle.
      (c.discharged + c.socChangeKwh * bat.etaDischarge) / c.charged;
    const etaFresh = eta(a, fresh);
    const etaAged = eta(b, aged);
    for (const e of [etaFresh, etaAged]) {
      expect(e).toBeGreaterThan(0.84);
      expect(e).toBeLessThan(0.93);
    }
    // Internal resistance grows as a rack fades: the older rack loses more.
    expect(etaFresh - etaAged).toBeGreaterThan(0.004);
    // Energy balance: what was charged, times the round trip, is what came out plus what stayed.
    expect(a.charged * etaFresh).toBeCloseTo(a.discharged + a.socChangeKwh * fresh.etaDischarge, 6);
    // The cycle ends within one step of where it began (450 kW for 10 s: 1.25 kWh).
    expect(Math.abs(a.socChangeKwh)).toBeLessThan((450 * STEP_S) / HOUR_S);
    // The rack's quoted efficiency agrees with what a cycle near half C measures.
    expect(fresh.etaCharge * fresh.etaDischarge).toBeCloseTo(etaFresh, 1);
  });

  it('loses more at light load, where the converter’s fixed losses dominate', () => {
    const light = cycle(rack(95), 50);
    const heavy = cycle(rack(95), 450);
    expect(light.discharged / light.charged).toBeLessThan(heavy.discharged / heavy.charged);
  });
});
