import { describe, expect, it } from 'vitest';
import {
  CHINA_MAP,
  clickToCoordinates,
  inView,
  MAP_BOUNDS,
  pathBounds,
  project,
  unproject,
  VIEW_BOX,
} from './china-map';

describe('offline China map', () => {
  it('ships every provincial-level outline as a path', () => {
    const codes = CHINA_MAP.provinces.map((p) => p.code);
    expect(codes).toHaveLength(34);
    expect(codes).toEqual(expect.arrayContaining(['11', '32', '44', '65', '71', '81', '82']));
    expect(CHINA_MAP.provinces.every((p) => /^M-?\d/.test(p.d))).toBe(true);
  });

  it('projects and unprojects coordinates exactly', () => {
    const [x, y] = project(120.7206, 31.3165);
    const [lon, lat] = unproject(x, y);
    expect(lon).toBeCloseTo(120.7206, 10);
    expect(lat).toBeCloseTo(31.3165, 10);
  });

  it('maps a click inside the drawn map back to longitude and latitude', () => {
    const rect = { left: 100, top: 50, width: 640, height: 390 };
    expect(clickToCoordinates(100, 50, rect)).toEqual({ longitude: MAP_BOUNDS.west, latitude: MAP_BOUNDS.north });
    expect(clickToCoordinates(740, 440, rect)).toEqual({ longitude: MAP_BOUNDS.east, latitude: MAP_BOUNDS.south });
    // Suzhou's projected place, as a click, gives Suzhou back (to the click's precision).
    const [x, y] = project(120.72, 31.32);
    const cx = rect.left + ((x - VIEW_BOX.x) / VIEW_BOX.width) * rect.width;
    const cy = rect.top + ((y - VIEW_BOX.y) / VIEW_BOX.height) * rect.height;
    expect(clickToCoordinates(cx, cy, rect)).toEqual({ longitude: 120.72, latitude: 31.32 });
    expect(clickToCoordinates(0, 0, { ...rect, width: 0 })).toBeNull();
  });

  it('knows which points it can mark', () => {
    expect(inView(116.4, 39.9)).toBe(true);
    expect(inView(-0.12, 51.5)).toBe(false);
  });

  it('bounds a province around its cities and inside the country', () => {
    const inside = (code: string, lon: number, lat: number) => {
      const d = CHINA_MAP.provinces.find((p) => p.code === code)?.d ?? '';
      const b = pathBounds(d);
      const [x, y] = project(lon, lat);
      expect(b.width).toBeGreaterThan(0);
      expect(b.x >= VIEW_BOX.x && b.x + b.width <= VIEW_BOX.x + VIEW_BOX.width).toBe(true);
      return x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;
    };
    expect(inside('11', 116.4, 39.9)).toBe(true); // Beijing
    expect(inside('32', 118.8, 32.06)).toBe(true); // Nanjing, Jiangsu
    expect(inside('32', 116.4, 39.9)).toBe(false);
  });
});
