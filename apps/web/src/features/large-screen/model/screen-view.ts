import {
  isProvinceCode,
  type MapMarker,
  type ProvinceCode,
  type SiteOverviewRow,
  type StationNode,
} from '@ess/contract';

/**
 * What a large screen shows, kept in the address's hash (spec 2: the screens are hash routes):
 * the fleet (`#/`), a province's stations (`#/province/32`) or one station (`#/station/12`).
 */
export type ScreenView = { kind: 'fleet' } | { kind: 'province'; code: ProvinceCode } | { kind: 'station'; id: number };

export const FLEET: ScreenView = { kind: 'fleet' };

/** The view a hash names; null for no hash (the route's start view applies) or one not ours. */
export function parseView(hash: string): ScreenView | null {
  const path = hash.replace(/^#/, '');
  const province = /^\/province\/(\d{2})$/.exec(path)?.[1];
  if (province && isProvinceCode(province)) return { kind: 'province', code: province };
  const station = /^\/station\/(\d{1,9})$/.exec(path)?.[1];
  if (station) return { kind: 'station', id: Number(station) };
  return path === '/' ? FLEET : null;
}

export function viewHash(v: ScreenView): string {
  return v.kind === 'fleet' ? '#/' : v.kind === 'province' ? `#/province/${v.code}` : `#/station/${v.id}`;
}

/**
 * Where each screen route opens without a hash: the group screens on the fleet, /new-screen on
 * the station chosen in the platform, /new-screen-zz on that station's province.
 */
export function startView(path: string, current: { id: number; provinceCode: ProvinceCode } | null): ScreenView {
  if (path === '/new-screen' && current) return { kind: 'station', id: current.id };
  if (path === '/new-screen-zz' && current) return { kind: 'province', code: current.provinceCode };
  return FLEET;
}

/** One level up: a station goes to its province, a province to the fleet. */
export function parentView(v: ScreenView, provinceOf: (stationId: number) => ProvinceCode | null): ScreenView {
  if (v.kind !== 'station') return FLEET;
  const code = provinceOf(v.id);
  return code ? { kind: 'province', code } : FLEET;
}

/** The map's markers: the stations with an overview row (in the session's scope), in its state. */
export function markersOf(stations: readonly StationNode[], rows: readonly SiteOverviewRow[]): MapMarker[] {
  const rowOf = new Map(rows.map((r) => [r.stationId, r]));
  return stations.flatMap((s) => {
    const row = rowOf.get(s.id);
    return row
      ? [
          {
            id: s.id,
            name: s.name,
            longitude: s.longitude,
            latitude: s.latitude,
            provinceCode: s.provinceCode,
            capacityKwh: s.capacityKwh,
            status: row.status,
          },
        ]
      : [];
  });
}
