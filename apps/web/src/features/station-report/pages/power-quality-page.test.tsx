import { type CurveSeries, meterRoleApi, pointApi, type StationSummary, shellApi } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { liveSocket } from '@/test/live-socket';
import { PowerQualityPage } from './power-quality-page';

const station = stationNode(2, { code: 'JS-SZ01', name: 'Suzhou plant' });
const GW = 31;
/** What a 10 kV gateway meter reports: its PT's secondary, about 58 V per phase. */
const SECONDARY_V = 58.4;

const summary: StationSummary = {
  stationId: 2,
  ts: 2_000,
  storagePower: 0,
  soc: 50,
  pvPower: 0,
  loadPower: 0,
  gridPower: 0,
  chargerPower: 0,
};

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <PowerQualityPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('power quality of a meter behind transformers', () => {
  beforeEach(() => {
    useSession.setState({ stationId: 2, token: 'tok' });
    tokenStore.set('tok');
    const live = liveSocket(() => ({ ts: 2_000, devices: [], summary }));
    apiServer.use(
      live.handler,
      answer(shellApi.stationTree, stationTreeOf(station)),
      answer(meterRoleApi.meterConfig, {
        stationId: 2,
        roles: [{ role: 'gateway', roleName: 'Gateway meter', deviceId: GW, deviceName: 'Gateway meter', sn: 'GW' }],
        meters: [
          {
            deviceId: GW,
            name: 'Gateway meter',
            sn: 'GW',
            status: 'online',
            connection: { nominalVoltageV: 10_000, ptRatio: 100, ctRatio: 40 },
          },
        ],
      }),
      answer(pointApi.pointCurve, ({ from, to, points }) => ({
        from,
        to,
        series: points.map(
          (code): CurveSeries => ({
            deviceId: GW,
            code,
            name: code,
            unit: code === 'freq' ? 'Hz' : 'V',
            resolution: 'raw',
            bucketMs: null,
            data: [0, 1, 2, 3].map((i) => [from + i * 300_000, code === 'freq' ? 50 : SECONDARY_V]),
          }),
        ),
      })),
    );
  });

  afterEach(() => tokenStore.clear());

  it('judges its 58 V against its own 10 kV nominal, in kV of the primary, with the secondary on request', async () => {
    renderPage();
    const card = await screen.findByTestId('pq-card-ua', {}, { timeout: 10_000 });
    // 58.4 V × 100 = 5.84 kV against 10 kV/√3 = 5.774 kV: within limits, no under-voltage.
    await waitFor(() => expect(within(card).getByText('100.00 %')).toBeTruthy());
    expect(card.textContent).toContain('5.840 kV');
    expect(card.textContent).not.toContain('5.840 V');
    expect(screen.getByTestId('pq-connection').textContent).toContain('PT 10,000/100');
    expect(screen.getByTestId('pq-connection').textContent).toContain('CT 200/5');
    expect(screen.queryByText(/−74|-74/)).toBeNull();

    fireEvent.click(within(screen.getByTestId('pq-side')).getByText('Secondary values'));
    await waitFor(() => expect(screen.getByTestId('pq-card-ua').textContent).toContain('58.4 V'));
    expect(within(screen.getByTestId('pq-card-ua')).getByText('100.00 %')).toBeTruthy();
  }, 20_000);
});
