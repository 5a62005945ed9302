import {
  type CarbonBody,
  type CarbonFigures,
  type CarbonResult,
  carbonApi,
  formatWeight,
  sessionApi,
  shellApi,
  type UserInfo,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { CRUD_LOCALE } from '@/components/crud/locale';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { CARBON_LOCALE } from '../locale';
import { CarbonPage } from './carbon-page';

const EN = CARBON_LOCALE.en_US.carbon;
const CRUD = CRUD_LOCALE.en_US.crud;
const FACTOR = 0.5703;

/** Figures made the way the server makes them from the energies (kg = kWh × factor). */
function figures(pv: number, charge: number, discharge: number, aux: number, partial = false): CarbonFigures {
  const avoidedKg = pv * FACTOR;
  const storageKg = (discharge - charge) * FACTOR;
  const auxKg = aux * FACTOR;
  return {
    pvKwh: pv,
    chargeKwh: charge,
    dischargeKwh: discharge,
    auxKwh: aux,
    auxSharePct: (aux / (charge + discharge)) * 100,
    avoidedKg,
    storageKg,
    auxKg,
    netKg: avoidedKg + storageKg - auxKg,
    partial,
  };
}

const factor = {
  id: 1,
  provinceCode: null,
  regionName: 'National',
  factor: FACTOR,
  year: 2023,
  source: 'China MEE, Huanban Qihou Han [2023] No. 43',
  national: true,
};
const a = figures(4000, 2000, 1800, 120);
const b = figures(1000, 900, 800, 60);
const total = figures(5000, 2900, 2600, 180, true);
const result: CarbonResult = {
  total,
  unit: 'day',
  trend: [
    { ...figures(2500, 1450, 1300, 90), period: '2026-11-01' },
    { ...figures(2500, 1450, 1300, 90, true), period: '2026-11-02' },
  ],
  ranking: [
    { ...a, stationId: 2, stationName: 'Suzhou', factor },
    { ...b, stationId: 3, stationName: 'Nanjing', factor },
  ],
  factors: [factor],
};

const user: UserInfo = {
  userId: 2,
  deptId: 1,
  deptName: 'G-JS',
  username: 'operator',
  realName: null,
  roles: ['operator'],
  powerList: ['revenue:carbon:query', 'revenue:carbon:export'],
  readOnly: false,
  demo: false,
  sessionKind: 'pc',
  screenOnly: false,
  lang: null,
};

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <CarbonPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('carbon page', () => {
  let asked: CarbonBody[];
  beforeEach(() => {
    asked = [];
    useSession.setState({ stationId: 2, token: 'tok' });
    tokenStore.set('tok');
    apiServer.use(
      answer(shellApi.stationTree, stationTreeOf(stationNode(2))),
      answer(sessionApi.userInfo, user),
      answer(carbonApi.carbonFigures, (body) => {
        asked.push(body);
        return result;
      }),
    );
  });

  it('shows the tiles in kg or t, the storage sign, the factor source and the ranking', async () => {
    renderPage();
    const avoided = await screen.findByTestId('carbon-tile-avoided');
    const w = (kg: number) => formatWeight(kg, 'en_US');
    await waitFor(() => expect(avoided.textContent).toContain(`${w(total.avoidedKg ?? 0).value}`));
    expect(avoided.textContent).toContain(w(total.avoidedKg ?? 0).unit);
    // The range reaches today: "to date".
    expect(avoided.textContent).toContain(EN.toDate);
    // Discharged < charged with one factor: storage adds emissions, and says so.
    expect(screen.getByTestId('carbon-tile-storage').textContent).toContain(EN.tiles.storageAdds);
    expect(screen.getByTestId('carbon-tile-aux').textContent).toContain('3.27 %');
    expect(screen.getByTestId('carbon-factor-used').textContent).toContain('Huanban Qihou Han [2023] No. 43');
    const rows = within(screen.getByTestId('carbon-ranking')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Suzhou'),
      expect.stringContaining('Nanjing'),
    ]);
    expect(asked.at(-1)).toMatchObject({ stationId: 2 });
  });

  it('asks for every station in scope when "all stations" is chosen', async () => {
    renderPage();
    await screen.findByTestId('carbon-tile-avoided');
    fireEvent.click(within(screen.getByTestId('carbon-scope')).getByText(EN.scope.all));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ stationId: null }));
  });

  it('lists the emission factors with their sources; adding needs its permission', async () => {
    apiServer.use(
      answer(sessionApi.userInfo, { ...user, powerList: [...user.powerList, 'revenueManagement:carbon:add'] }),
      answer(carbonApi.carbonFactorPage, {
        rows: [
          {
            id: 1,
            provinceCode: null,
            regionName: 'National',
            factor: FACTOR,
            year: 2023,
            source: { zh_CN: '环办气候函〔2023〕43号', en_US: 'MEE [2023] No. 43', es_ES: 'MEE', ja_JP: 'MEE' },
            updatedAt: Date.now(),
          },
        ],
        total: 1,
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByText(EN.tabs.factors));
    const table = await screen.findByTestId('carbon-factor-table');
    await waitFor(() => expect(table.textContent).toContain('MEE [2023] No. 43'));
    expect(table.textContent).toContain(String(FACTOR));
    // This operator holds `revenueManagement:carbon:add` (no edit, no delete).
    expect(await screen.findByTestId('carbon-factor-add')).toBeTruthy();
    expect(within(table).queryByText(CRUD.edit)).toBeNull();
  });
});
