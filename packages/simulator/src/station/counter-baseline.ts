import { DAY_MS } from '../physics/numeric';
import type { Rng } from '../physics/random';

/** Counters start as if the station had run since this date, so they are plausible and grow between restarts. */
const COMMISSIONED = Date.UTC(2023, 0, 1);

export type StationScale = { capacityKwh: number; pvKwp: number; buildingPeakKw: number; chargers: number };

/**
 * Typical daily energy through each counter: about one storage cycle a day, 3.3 full-sun
 * hours of PV, half the building's peak around the clock, three car sessions per pile.
 */
function dailyKwh(s: StationScale) {
  const discharged = 0.8 * s.capacityKwh;
  const pv = 3.3 * s.pvKwp;
  const load = 0.55 * s.buildingPeakKw * 24 + 90 * s.chargers;
  return {
    discharged,
    charged: discharged / 0.9,
    pv,
    load,
    gridImport: load - pv + discharged / 9,
    gridExport: 0.05 * pv,
  };
}

/** Starting counter values of a device at instant `t`: days in service × typical daily energy. */
export function counterBaseline(
  kind: 'storage' | 'gateway' | 'pv' | 'load' | 'pvInverter' | 'charger',
  share: number,
  scale: StationScale,
  t: Date,
  rng: Rng,
): Record<string, number> {
  const days = Math.max(0, (t.getTime() - COMMISSIONED) / DAY_MS) * share * (0.9 + 0.1 * rng());
  const d = dailyKwh(scale);
  switch (kind) {
    case 'storage':
      return { forwardEnergy: d.discharged * days, reverseEnergy: d.charged * days };
    case 'gateway':
      return { forwardEnergy: d.gridImport * days, reverseEnergy: d.gridExport * days };
    case 'pv':
      return { forwardEnergy: d.pv * days, reverseEnergy: 0 };
    case 'load':
      return { forwardEnergy: d.load * days, reverseEnergy: 0 };
    case 'pvInverter':
      return { totalEnergy: d.pv * days };
    case 'charger':
      return { totalEnergy: 90 * days };
  }
}
