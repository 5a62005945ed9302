import { DAY_MS } from '../physics/numeric';
import type { Rng } from '../physics/random';

import { commissionedMs } from './station-profile';

export type StationScale = {
  capacityKwh: number;
  pvKwp: number;
  buildingPeakKw: number;
  chargers: number;
  /** Counters start as if the station had run since this date (YYYY-MM-DD), so they grow between restarts. */
  commissioned?: string;
  /**
   * The storage unit's own round-trip efficiency (its racks' physics, `Battery.etaCharge` ×
   * `etaDischarge`): what its charge counter took for what its discharge counter gave. Storage
   * counters need it.
   */
  roundTrip?: number;
};

/**
 * Typical daily energy through each counter: about one and a half storage cycles a day (two
 * where the tariff has two peaks, less on short ones), 3.3 full-sun hours of PV, half the
 * building's peak around the clock, three car sessions per pile.
 */
function dailyKwh(s: StationScale, roundTrip: number) {
  const discharged = 1.5 * 0.75 * s.capacityKwh;
  const pv = 3.3 * s.pvKwp;
  const load = 0.55 * s.buildingPeakKw * 24 + 90 * s.chargers;
  return {
    discharged,
    charged: discharged / roundTrip,
    pv,
    load,
    gridImport: load - pv + discharged / 9,
    gridExport: 0.05 * pv,
    // Cooling and controls: a few kW per MWh installed around the clock, more while cycling.
    aux: 0.05 * s.capacityKwh,
  };
}

/** Starting counter values of a device at instant `t`: days in service × typical daily energy. */
export function counterBaseline(
  kind: 'storage' | 'gateway' | 'pv' | 'load' | 'pvInverter' | 'charger' | 'aux',
  share: number,
  scale: StationScale,
  t: Date,
  rng: Rng,
): Record<string, number> {
  const days = Math.max(0, (t.getTime() - commissionedMs(scale.commissioned)) / DAY_MS) * share * (0.9 + 0.1 * rng());
  if (kind === 'storage' && scale.roundTrip === undefined) throw new Error('storage counters need the round trip');
  const d = dailyKwh(scale, scale.roundTrip ?? 1);
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
    case 'aux':
      return { auxEnergy: d.aux * days };
  }
}
