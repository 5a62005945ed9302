import type { MapMarker } from '@ess/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StationMap } from './station-map';

/** The demo's stations (db/seed-data.ts): three in the Pearl River Delta within 0.4° of each other. */
const station = (
  id: number,
  provinceCode: MapMarker['provinceCode'],
  longitude: number,
  latitude: number,
  capacityKwh: number,
  status: MapMarker['status'] = 'normal',
): MapMarker => ({ id, name: `Station ${id}`, provinceCode, longitude, latitude, capacityKwh, status });
const FLEET: MapMarker[] = [
  station(1, '32', 120.7206, 31.3165, 5000),
  station(2, '32', 118.8399, 31.9523, 2150),
  station(3, '32', 120.4037, 31.4906, 1075),
  station(4, '44', 113.8837, 22.5551, 4300),
  station(5, '44', 113.5253, 22.8016, 215, 'fault'),
  station(6, '44', 113.8876, 22.9285, 6000, 'offline'),
  station(7, '33', 120.2998, 30.4205, 3225),
  station(8, '33', 121.8447, 29.8999, 4000),
];

type Circle = { id: string; x: number; y: number; r: number };

/** Every marker drawn (a station or a group): its circle as rendered. */
function circles(): Circle[] {
  return [...document.querySelectorAll<SVGGElement>('g[data-status]')].map((g) => {
    const c = g.querySelector('circle');
    return {
      id: g.dataset.testid ?? '',
      x: Number(c?.getAttribute('cx')),
      y: Number(c?.getAttribute('cy')),
      r: Number(c?.getAttribute('r')),
    };
  });
}

/** The station ids each drawn marker stands for. */
const stationsOf = (testId: string): number[] =>
  testId
    .replace(/^screen-marker-(group-)?/, '')
    .split('-')
    .map(Number);

function expectNoOverlap(drawn: Circle[]) {
  for (const [i, a] of drawn.entries()) {
    for (const b of drawn.slice(i + 1)) {
      expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.id} and ${b.id}`).toBeGreaterThanOrEqual(a.r + b.r);
    }
  }
}

describe('the station map', () => {
  it('draws stations that would cover each other as one marker with their count and their worst state', () => {
    const onProvince = vi.fn();
    render(<StationMap markers={FLEET} province={null} tone="page" onProvince={onProvince} onStation={vi.fn()} />);
    const drawn = circles();
    expectNoOverlap(drawn);
    // Each station stands in exactly one marker.
    expect(drawn.flatMap((c) => stationsOf(c.id)).sort()).toEqual(FLEET.map((s) => s.id).sort());
    const delta = drawn.find((c) => stationsOf(c.id).includes(5));
    expect(delta?.id).toMatch(/^screen-marker-group-/);
    expect(stationsOf(delta?.id ?? '').sort()).toEqual([4, 5, 6]);
    const group = screen.getByTestId(delta?.id ?? '');
    expect(group.dataset.count).toBe('3');
    // Offline outranks the fault of a neighbour (STATUS_SEVERITY): the worst state shows.
    expect(group.dataset.status).toBe('offline');
    expect(group.textContent).toContain('3');
    expect(group.querySelector('title')?.textContent).toContain(
      '3 stations close together: Station 6, Station 4, and Station 5',
    );
    // Nanjing lies far from the others: its own marker.
    expect(screen.getByTestId('screen-marker-2').dataset.status).toBe('normal');
    fireEvent.click(group);
    expect(onProvince).toHaveBeenCalledWith('44');
  });

  it("spreads a province's close stations on a ring, each pressable, with a line to where it is", () => {
    const onStation = vi.fn();
    const close = [station(11, '44', 110.36, 21.27, 4000), station(12, '44', 110.3601, 21.2702, 3000, 'fault')];
    render(<StationMap markers={[...FLEET, ...close]} province="44" tone="wall" onStation={onStation} />);
    const drawn = circles();
    expectNoOverlap(drawn);
    expect(drawn.map((c) => stationsOf(c.id)[0]).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([4, 5, 6, 11, 12]);
    expect(screen.getByTestId('screen-marker-12').dataset.status).toBe('fault');
    expect(screen.getByTestId('screen-marker-12').querySelector('text')?.textContent).toBe('Station 12');
    // Only the two at one place share a ring (Zhanjiang is far from the delta).
    const ring = screen.getByTestId('screen-marker-ring-11-12');
    expect(ring.querySelectorAll('line')).toHaveLength(2);
    expect(document.querySelectorAll('[data-testid^="screen-marker-ring-"]')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('screen-marker-12'));
    expect(onStation).toHaveBeenCalledWith(12);
  });

  it("grows a province's ring into a group with any station its markers would touch", () => {
    const pair = [station(11, '44', 110.36, 21.27, 4000), station(12, '44', 110.36, 21.27, 3000)];
    // A third station south of the pair, from under its markers to far away: wherever it is,
    // no two drawn markers overlap and each station is drawn once.
    for (let step = 1; step <= 30; step++) {
      const third = station(13, '44', 110.36, 21.27 - step * 0.02, 5000);
      const { unmount } = render(<StationMap markers={[...FLEET, ...pair, third]} province="44" tone="page" />);
      const drawn = circles();
      expectNoOverlap(drawn);
      expect(drawn.map((c) => stationsOf(c.id)[0]).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([4, 5, 6, 11, 12, 13]);
      unmount();
    }
  });
});
