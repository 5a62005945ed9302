import { EXAMPLE_TOU_SEGMENTS, type TouSegment } from '@ess/contract';
import type { SimStation } from '../station/sim-station';

const cut = (...parts: [start: string, end: string, period: TouSegment['period']][]): TouSegment[] =>
  parts.map(([start, end, period]) => ({ start, end, period }));

/**
 * The TOU cuts the seed gives the demo stations (apps/server/src/db/seed-devices.ts
 * PROVINCE_TOU_TEMPLATES and the example template), repeated here because a package does not
 * import the server.
 */
export const DEMO_TOU: Record<'JS' | 'GD' | 'ZJ' | 'EXAMPLE', TouSegment[]> = {
  // Jiangsu: a morning and a long evening peak around a flat midday.
  JS: cut(
    ['00:00', '08:00', 'valley'],
    ['08:00', '11:00', 'peak'],
    ['11:00', '17:00', 'flat'],
    ['17:00', '22:00', 'peak'],
    ['22:00', '24:00', 'flat'],
  ),
  // Guangdong (Pearl River Delta): peaks 10–12 and 14–19 with sharp hours 11–12 and 15–17.
  GD: cut(
    ['00:00', '08:00', 'valley'],
    ['08:00', '10:00', 'flat'],
    ['10:00', '11:00', 'peak'],
    ['11:00', '12:00', 'sharp'],
    ['12:00', '14:00', 'flat'],
    ['14:00', '15:00', 'peak'],
    ['15:00', '17:00', 'sharp'],
    ['17:00', '19:00', 'peak'],
    ['19:00', '24:00', 'flat'],
  ),
  // Zhejiang: no flat period; a midday valley between the morning and the afternoon peaks.
  ZJ: cut(
    ['00:00', '08:00', 'valley'],
    ['08:00', '09:00', 'peak'],
    ['09:00', '11:00', 'sharp'],
    ['11:00', '13:00', 'valley'],
    ['13:00', '15:00', 'peak'],
    ['15:00', '17:00', 'sharp'],
    ['17:00', '22:00', 'peak'],
    ['22:00', '24:00', 'valley'],
  ),
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
