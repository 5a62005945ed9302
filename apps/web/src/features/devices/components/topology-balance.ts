import type { TopologyLayout } from './topology-layout';

/**
 * Power (kW) of the branches on the station bus as the PCS topology draws them, each in its
 * role's sign (domain.md): gateway meter > 0 import, PV meter > 0 generation, load meter > 0
 * consumption (charging piles included: they hang behind the load meter), storage unit > 0
 * discharge. Null: the branch is drawn but has no value yet.
 */
export type BusPowers = { grid: number | null; pv: number | null; load: number | null; storage: (number | null)[] };

export type BusBalance = {
  /** kW into the bus: import, PV, discharge; null while a drawn branch has no value. */
  into: number | null;
  /** kW out of the bus: load, charge, export. */
  outOf: number | null;
  /** into − outOf = grid + PV + storage − load. */
  residual: number | null;
  /** |residual| below the tolerance; null when unknown (no grid or load branch, or a value missing). */
  balanced: boolean | null;
};

/** A difference below this is meter precision and rounding: as the home page, 0.2 % of rated power, at least 0.5 kW. */
export const busToleranceKw = (ratedKw: number): number => Math.max(0.5, ratedKw * 0.002);

/**
 * The powers of the branches the layout draws: its gateway, PV and load meters and its storage
 * units (PCS or cabinets, not their clusters), read through `powerOf` (a device's headline
 * power). A station without a PV branch counts PV as 0; without a grid or load branch the
 * balance cannot be told.
 */
export function busPowersOf(layout: TopologyLayout, powerOf: (deviceId: number) => number | null): BusPowers {
  const meterOf = (place: 'gateway' | 'pv' | 'load') =>
    layout.boxes.find((b) => b.kind === 'meter' && b.place === place)?.deviceId ?? null;
  const read = (deviceId: number | null, absent: number | null) => (deviceId === null ? absent : powerOf(deviceId));
  const storage: (number | null)[] = [];
  for (const b of layout.boxes)
    if ((b.kind === 'pcs' || b.kind === 'cabinet') && b.deviceId !== null) storage.push(powerOf(b.deviceId));
  return {
    grid: read(meterOf('gateway'), null),
    pv: read(meterOf('pv'), 0),
    load: read(meterOf('load'), null),
    storage,
  };
}

/** What flows into and out of the bus as drawn, and whether they agree. */
export function busBalance(p: BusPowers, toleranceKw: number): BusBalance {
  // Each branch's kW towards the bus.
  const terms = [p.grid, p.pv, ...p.storage, p.load === null ? null : -p.load];
  const known = terms.filter((v): v is number => v !== null);
  if (known.length < terms.length) return { into: null, outOf: null, residual: null, balanced: null };
  let into = 0;
  let outOf = 0;
  for (const v of known) {
    if (v > 0) into += v;
    else outOf -= v;
  }
  const residual = into - outOf;
  return { into, outOf, residual, balanced: Math.abs(residual) < toleranceKw };
}
