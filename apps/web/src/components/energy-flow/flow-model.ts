import type { StationSummary } from '@ess/contract';

/** The branches of the energy-flow diagram around the station's AC bus. */
export const FLOW_NODES = ['grid', 'pv', 'storage', 'load', 'charger'] as const;
export type FlowNode = (typeof FLOW_NODES)[number];

/** Which way energy moves on a branch, seen from the bus. */
export type FlowDirection = 'toBus' | 'fromBus' | 'idle';
export type StorageState = 'charge' | 'discharge' | 'idle';
export type GridState = 'import' | 'export' | 'idle';

export type FlowBranch = {
  node: FlowNode;
  /** kW with the platform's sign for that node, null without data. */
  power: number | null;
  direction: FlowDirection;
  /** Seconds per dot cycle: shorter with more power; null while idle. */
  cycleS: number | null;
};

/**
 * What a positive value means per node (domain.md): storage > 0 discharges into the bus, grid
 * > 0 imports into it, PV generates into it; load and charging piles draw from it.
 */
const POSITIVE_FEEDS_BUS: Record<FlowNode, boolean> = {
  grid: true,
  pv: true,
  storage: true,
  load: false,
  charger: false,
};

const SUMMARY_CODE: Record<FlowNode, keyof StationSummary> = {
  grid: 'gridPower',
  pv: 'pvPower',
  storage: 'storagePower',
  load: 'loadPower',
  charger: 'chargerPower',
};

/** Below this share of the station's rated power (and at least 0.5 kW) a line counts as idle: meter noise, standby draw. */
const IDLE_SHARE = 0.002;
const IDLE_MIN_KW = 0.5;
const SLOWEST_S = 2.6;
const FASTEST_S = 0.6;

export const idleThresholdKw = (ratedKw: number): number => Math.max(IDLE_MIN_KW, ratedKw * IDLE_SHARE);

export function directionOf(node: FlowNode, power: number | null, ratedKw: number): FlowDirection {
  if (power === null || Math.abs(power) < idleThresholdKw(ratedKw)) return 'idle';
  return power > 0 === POSITIVE_FEEDS_BUS[node] ? 'toBus' : 'fromBus';
}

export function storageStateOf(power: number | null, ratedKw: number): StorageState {
  const d = directionOf('storage', power, ratedKw);
  return d === 'idle' ? 'idle' : d === 'toBus' ? 'discharge' : 'charge';
}

export function gridStateOf(power: number | null, ratedKw: number): GridState {
  const d = directionOf('grid', power, ratedKw);
  return d === 'idle' ? 'idle' : d === 'toBus' ? 'import' : 'export';
}

/** Dot speed grows with the square root of |power| / scale, so small flows still visibly move. */
export function cycleSeconds(power: number, scaleKw: number): number {
  const share = Math.min(1, Math.abs(power) / Math.max(scaleKw, 1));
  return Number((SLOWEST_S - (SLOWEST_S - FASTEST_S) * Math.sqrt(share)).toFixed(2));
}

/**
 * The power balance at the station's AC bus as the diagram draws it. The summary's `loadPower`
 * is the load meter, which measures everything the site draws, charging piles included
 * (station-layout.ts), so grid = load − PV − storage. The piles have a branch of their own, so
 * the load node draws the rest: `otherLoad` = load meter − piles. Then, as drawn,
 * import + PV + discharge = other load + piles + charge + export.
 */
export type FlowBalance = {
  /** The load meter: everything the site draws, piles included (kW). */
  totalLoad: number | null;
  /** Total load − piles: what the load node draws (building, auxiliaries), kW. */
  otherLoad: number | null;
  /** kW into the bus: import, PV, discharge (≥ 0). */
  into: number;
  /** kW out of the bus: other load, piles, charge, export (≥ 0). */
  outOf: number;
  /** into − outOf = grid + PV + storage − load meter; null without grid or load data. */
  residual: number | null;
  /** |residual| is below the idle threshold (meter precision, rounding); null when unknown. */
  balanced: boolean | null;
};

/** kW each node sends into the bus (negative: draws from it), with null as 0. */
const intoBus = (node: FlowNode, power: number | null): number =>
  POSITIVE_FEEDS_BUS[node] ? (power ?? 0) : -(power ?? 0);

/** The power of each node as the diagram draws it: the load node without the piles. */
function nodePowers(summary: StationSummary | null): Record<FlowNode, number | null> {
  const load = summary?.loadPower ?? null;
  const piles = summary?.chargerPower ?? null;
  return {
    grid: summary?.gridPower ?? null,
    pv: summary?.pvPower ?? null,
    storage: summary?.storagePower ?? null,
    load: load === null ? null : load - (piles ?? 0),
    charger: piles,
  };
}

/** The one balance rule of the diagram (see FlowBalance), live summary or `middle` snapshot alike. */
export function flowBalance(summary: StationSummary | null, ratedKw: number): FlowBalance {
  const powers = nodePowers(summary);
  let into = 0;
  let outOf = 0;
  for (const node of FLOW_NODES) {
    const p = intoBus(node, powers[node]);
    if (p > 0) into += p;
    else outOf -= p;
  }
  const known = powers.grid !== null && powers.load !== null;
  const residual = known ? into - outOf : null;
  return {
    totalLoad: summary?.loadPower ?? null,
    otherLoad: powers.load,
    into,
    outOf,
    residual,
    balanced: residual === null ? null : Math.abs(residual) < idleThresholdKw(ratedKw),
  };
}

/**
 * The diagram's branches from the station totals, the load node without the piles (see
 * FlowBalance). Speeds scale with the largest of the rated power and the flows themselves
 * (load or grid may exceed the storage rating).
 */
export function flowBranches(summary: StationSummary | null, ratedKw: number): FlowBranch[] {
  const byNode = nodePowers(summary);
  const powers = FLOW_NODES.map((node) => byNode[node]);
  const scale = Math.max(ratedKw, ...powers.map((p) => Math.abs(p ?? 0)));
  return FLOW_NODES.map((node, i) => {
    const power = powers[i] ?? null;
    const direction = directionOf(node, power, ratedKw);
    return {
      node,
      power,
      direction,
      cycleS: direction === 'idle' || power === null ? null : cycleSeconds(power, scale),
    };
  });
}

/** True when the summary carries any value at all (a station that reports). */
export const hasFlowData = (summary: StationSummary | null | undefined): summary is StationSummary =>
  !!summary && FLOW_NODES.some((n) => summary[SUMMARY_CODE[n]] !== null);
