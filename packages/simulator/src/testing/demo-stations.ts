import type { SimStation } from '../station/sim-station';

/**
 * The five operating demo stations of apps/server/src/db/seed-data.ts (ratings and places),
 * repeated here because a package does not import the server: a container plant (JS-SZ01),
 * cabinet rows of 10, 15 and 20 cabinets, and a single cabinet (GD-GZ01).
 */
export const DEMO_STATIONS: SimStation[] = [
  { code: 'JS-SZ01', type: 'operating', ratedPowerKw: 2500, capacityKwh: 5000, latitude: 31.3165, longitude: 120.7206 },
  { code: 'JS-NJ01', type: 'operating', ratedPowerKw: 1000, capacityKwh: 2150, latitude: 31.9523, longitude: 118.8399 },
  { code: 'GD-SZ01', type: 'operating', ratedPowerKw: 2000, capacityKwh: 4300, latitude: 22.5551, longitude: 113.8837 },
  { code: 'GD-GZ01', type: 'operating', ratedPowerKw: 100, capacityKwh: 215, latitude: 22.8016, longitude: 113.5253 },
  { code: 'ZJ-HZ01', type: 'operating', ratedPowerKw: 1500, capacityKwh: 3225, latitude: 30.4205, longitude: 120.2998 },
];

export const demoStation = (code: string): SimStation => {
  const s = DEMO_STATIONS.find((x) => x.code === code);
  if (!s) throw new Error(`no demo station ${code}`);
  return s;
};
