import type { WidgetData } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { apiServer } from '@/test/api-server';
import { emptySnapshot, liveSocket } from '@/test/live-socket';
import { renderWithClient } from '@/test/session-fixtures';
import { PointTableWidget } from './point-table-widget';

type PointsData = Extract<WidgetData, { kind: 'points' }>;

const STATION = 7;
/** A plant of `devices` devices with 50 points each, every value answered at ts 1,000. */
const plant = (devices: number): PointsData => ({
  kind: 'points',
  stationId: STATION,
  timezone: 'Asia/Shanghai',
  devices: Array.from({ length: devices }, (_, d) => ({
    id: d + 1,
    name: `PCS-${String(d + 1).padStart(3, '0')}`,
    sn: `SN${d + 1}`,
    points: Array.from({ length: 50 }, (_, i) => ({
      code: `v${i}`,
      name: `Value ${i}`,
      unit: 'V',
      precision: 1,
      states: null,
      value: i,
      ts: 1_000,
    })),
  })),
});

describe('point table widget', () => {
  beforeEach(() => {
    tokenStore.set('tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(() => {
    tokenStore.clear();
    useSession.setState({ token: null });
  });

  it('draws only the rows in view of 20,000 points, and finds a device’s points by search', async () => {
    renderWithClient(<PointTableWidget data={plant(400)} height={400} live={false} />);
    expect(screen.getByTestId('widget-points-count').dataset.count).toBe('20000');
    const rows = screen.getAllByTestId('widget-point-row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]?.textContent).toContain('PCS-001');
    const search = screen.getByTestId('widget-points-search');
    const input = search instanceof HTMLInputElement ? search : search.querySelector('input');
    if (!input) throw new Error('no search box');
    fireEvent.change(input, { target: { value: 'PCS-321' } });
    await waitFor(() => expect(screen.getAllByTestId('widget-point-row')[0]?.textContent).toContain('PCS-321'));
    expect(screen.getByTestId('widget-points-count').textContent).toContain('50');
  });

  it('follows the live socket while signed in, the newer sample winning', async () => {
    const live = liveSocket(emptySnapshot);
    apiServer.use(live.handler);
    renderWithClient(<PointTableWidget data={plant(2)} height={400} live />);
    await waitFor(() => expect(live.followers(STATION)).toBe(1));
    live.push({ type: 'latest', stationId: STATION, deviceId: 1, values: { v0: { value: 231.4, ts: 2_000 } } });
    await waitFor(() => expect(screen.getAllByTestId('widget-point-row')[0]?.textContent).toContain('231.4'));
    // An older sample than the answer's does not replace it.
    live.push({ type: 'latest', stationId: STATION, deviceId: 1, values: { v1: { value: 99, ts: 500 } } });
    live.push({ type: 'latest', stationId: STATION, deviceId: 2, values: { v0: { value: 5.5, ts: 2_000 } } });
    const second = () => within(screen.getAllByTestId('widget-point-row')[1] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('widget-point-row')[0]?.textContent).toContain('231.4'));
    expect(second().getByText(/^1(\.0)? V$/)).toBeTruthy();
  });
});
