import { dashboardApi, type FamilyView } from '@ess/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient } from '@/test/session-fixtures';
import { DASHBOARDS_LOCALE } from '../locale';
import { FamilyPage } from './family-page';

const EN = DASHBOARDS_LOCALE.en_US;
const SLOW = { timeout: 5000 };
const view: FamilyView = {
  stationName: 'Garden House',
  timezone: 'Asia/Shanghai',
  date: '2026-12-04',
  ratedKw: 10,
  capacityKwh: 20,
  summary: {
    stationId: 3,
    ts: Date.now(),
    storagePower: -2.5,
    soc: 61.04,
    pvPower: 4,
    loadPower: 1.5,
    gridPower: 0,
    chargerPower: null,
  },
  today: { pvKwh: 12.34, chargeKwh: 8, dischargeKwh: 3, gridImportKwh: 1.5, gridExportKwh: 0, loadKwh: null },
  savingsToday: 4.56,
  savingsMonth: 123.45,
  currency: 'CNY',
};

describe('household view', () => {
  it('shows the home’s figures of today from its link, and says which meter it lacks', async () => {
    let asked: string | null = null;
    apiServer.use(
      answer(dashboardApi.familyView, (b) => {
        asked = b.token;
        return view;
      }),
    );
    renderWithClient(<FamilyPage />, '/family#token=abcdefghijklmnopqrstuvwxyz');
    await screen.findByTestId('family-view', {}, SLOW);
    expect(asked).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Garden House');
    expect(screen.getByTestId('family-pv').textContent).toContain('12.3 kWh');
    expect(screen.getByTestId('family-soc').textContent).toContain('61.0%');
    expect(screen.getByTestId('family-load').textContent).toContain(EN.family.noMeter);
    expect(screen.getByTestId('family-savingsMonth').textContent).toContain('123.45');
  });

  it('says the link is gone in the server’s words', async () => {
    apiServer.use(
      answer(dashboardApi.familyView, {
        fail: { status: 404, code: 404, msg: 'The link is not valid or was revoked' },
      }),
    );
    renderWithClient(<FamilyPage />, '/family#token=abcdefghijklmnopqrstuvwxyz');
    const error = await screen.findByTestId('family-error', {}, SLOW);
    await waitFor(() => expect(error.textContent).toBe('The link is not valid or was revoked'));
  });
});
