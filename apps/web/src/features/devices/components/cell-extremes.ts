import type { LiveDevice } from '../hooks/use-live-devices';

/** One extreme: its value, the battery (cluster or cabinet) holding it and, for cell values, which cell. */
export type Extreme = { value: number; device: LiveDevice; cell: number | null };

export type CellExtremes = {
  vmax: Extreme | null;
  vmin: Extreme | null;
  tmax: Extreme | null;
  tmin: Extreme | null;
  sohMin: Extreme | null;
  /** Highest minus lowest SOC among the batteries, with both ends. */
  socSpread: { value: number; high: LiveDevice; low: LiveDevice } | null;
};

function pick(devices: readonly LiveDevice[], code: string, cellCode: string | null, max: boolean): Extreme | null {
  let best: Extreme | null = null;
  for (const d of devices) {
    const v = d.values[code]?.value;
    if (v === undefined) continue;
    if (!best || (max ? v > best.value : v < best.value)) {
      best = { value: v, device: d, cell: cellCode ? (d.values[cellCode]?.value ?? null) : null };
    }
  }
  return best;
}

/**
 * The station's cell extremes over its online batteries (domain.md: max/min cell voltage and
 * temperature and which cell): where to look first for imbalance or heat.
 */
export function cellExtremes(batteries: readonly LiveDevice[]): CellExtremes {
  const online = batteries.filter((d) => d.status === 'online');
  const high = pick(online, 'soc', null, true);
  const low = pick(online, 'soc', null, false);
  return {
    vmax: pick(online, 'cellVmax', 'cellVmaxNo', true),
    vmin: pick(online, 'cellVmin', 'cellVminNo', false),
    tmax: pick(online, 'cellTmax', 'cellTmaxNo', true),
    tmin: pick(online, 'cellTmin', 'cellTminNo', false),
    sohMin: pick(online, 'soh', null, false),
    socSpread: high && low ? { value: high.value - low.value, high: high.device, low: low.device } : null,
  };
}
