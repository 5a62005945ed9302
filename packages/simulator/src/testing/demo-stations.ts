import { EXAMPLE_TOU_SEGMENTS, PROVINCE_TOU_TEMPLATES, type TouSegment } from '@ess/contract';
import type { SimStation } from '../station/sim-station';

const cutOf = (code: string): TouSegment[] => {
  const t = PROVINCE_TOU_TEMPLATES.find((x) => x.code === code);
  if (!t) throw new Error(`no demo tariff ${code}`);
  return t.segments;
};

/** The TOU cuts the seed gives the demo stations (contract demo-tariffs and the example template). */
export const DEMO_TOU: Record<'JS' | 'GD' | 'ZJ' | 'EXAMPLE', TouSegment[]> = {
  JS: cutOf('TOU-JS'),
  GD: cutOf('TOU-GD'),
  ZJ: cutOf('TOU-ZJ'),
  EXAMPLE: EXAMPLE_TOU_SEGMENTS,
};

/**
 * The five operating demo stations of apps/server/src/db/seed-data.ts (ratings, places, grid
 * connection dates and tariffs), repeated here because a package does not import the server:
 * a container plant (JS-SZ01), cabinet rows of 10, 15 and 20 cabinets, and a single cabinet
 * (GD-GZ01). JS-SZ01, GD-SZ01 and GD-GZ01 are on the example tariff the server's tests price
 * with; the Guangdong cut is here for the planner's tests (the seed gives it to GD-DG01).
 */
export const DEMO_STATIONS: SimStation[] = [
  {
    code: 'JS-SZ01',
    type: 'operating',
    ratedPowerKw: 2500,
    capacityKwh: 5000,
    latitude: 31.3165,
    longitude: 120.7206,
    commissioned: '2023-06-18',
    touSegments: DEMO_TOU.EXAMPLE,
  },
  {
    code: 'JS-NJ01',
    type: 'operating',
    ratedPowerKw: 1000,
    capacityKwh: 2150,
    latitude: 31.9523,
    longitude: 118.8399,
    commissioned: '2024-01-09',
    touSegments: DEMO_TOU.JS,
  },
  {
    code: 'GD-SZ01',
    type: 'operating',
    ratedPowerKw: 2000,
    capacityKwh: 4300,
    latitude: 22.5551,
    longitude: 113.8837,
    commissioned: '2023-11-30',
    touSegments: DEMO_TOU.EXAMPLE,
  },
  {
    code: 'GD-GZ01',
    type: 'operating',
    ratedPowerKw: 100,
    capacityKwh: 215,
    latitude: 22.8016,
    longitude: 113.5253,
    commissioned: '2024-05-20',
    touSegments: DEMO_TOU.EXAMPLE,
  },
  {
    code: 'ZJ-HZ01',
    type: 'operating',
    ratedPowerKw: 1500,
    capacityKwh: 3225,
    latitude: 30.4205,
    longitude: 120.2998,
    commissioned: '2024-03-15',
    touSegments: DEMO_TOU.ZJ,
  },
];

export const demoStation = (code: string): SimStation => {
  const s = DEMO_STATIONS.find((x) => x.code === code);
  if (!s) throw new Error(`no demo station ${code}`);
  return s;
};
