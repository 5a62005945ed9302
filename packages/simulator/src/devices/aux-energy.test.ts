import { describe, expect, it } from 'vitest';
import { StationModel } from '../station/station-model';
import { demoStation } from '../testing/demo-stations';
import { AirConditioner } from './air-conditioner';
import { Cabinet } from './cabinet';

const STEP_S = 60;
/** A July day in China: the air conditioners work hard. */
const START = new Date('2025-07-06T16:00:00Z');

const auxCounters = (m: StationModel) =>
  m.devices
    .filter((d) => d instanceof AirConditioner || d instanceof Cabinet)
    .reduce((s, d) => s + (d.readings().auxEnergy ?? 0), 0);

describe('auxiliary energy counters', () => {
  it.each(['JS-SZ01', 'GD-SZ01'])(
    '%s: the air conditioners’ counters integrate the station’s auxiliary draw',
    (code) => {
      const m = new StationModel(demoStation(code), { seed: 7, start: START });
      const before = auxCounters(m);
      // Counters start from a commissioning baseline, like every other energy counter.
      expect(before).toBeGreaterThan(0);
      let integrated = 0;
      for (let t = START.getTime() + STEP_S * 1000; t <= START.getTime() + 86_400_000; t += STEP_S * 1000) {
        m.step(STEP_S, new Date(t));
        integrated += (m.balance.auxKw * STEP_S) / 3600;
      }
      const counted = auxCounters(m) - before;
      expect(counted).toBeGreaterThan(0);
      // Sub-steps see the draw more finely than the per-step balance: equal within a few percent.
      expect(Math.abs(counted - integrated) / integrated).toBeLessThan(0.05);
    },
  );
});
