import {
  EXAMPLE_TOU_PRICES,
  EXAMPLE_TOU_SEGMENTS,
  PRICE_CONFIG_PERMS,
  type RateStationTemplates,
  type RateStationUnassignBody,
  type RateTemplate,
  rateApi,
  shellApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { PriceConfigurationPage } from './price-configuration-page';

const SLOW = { timeout: 5000 };
const template = (id: number, peak: number): RateTemplate => ({
  id,
  code: `TOU-${id}`,
  name: `Tariff ${id}`,
  electricityType: 'commercial',
  currency: 'CNY',
  segments: EXAMPLE_TOU_SEGMENTS,
  prices: { ...EXAMPLE_TOU_PRICES, peak },
  validFrom: null,
  validTo: null,
  enabled: true,
  stations: [],
  stationCount: 1,
  updateTime: '2025-01-01T00:00:00.000Z',
});
const held: RateStationTemplates = {
  stationId: 5,
  timezone: 'Asia/Shanghai',
  today: '2025-06-01',
  currentId: 2,
  currentAssignmentId: 11,
  assignments: [
    {
      id: 10,
      templateId: 1,
      proxyRegionId: null,
      templateCode: 'TOU-1',
      templateName: 'Tariff 1',
      validFrom: null,
      createTime: '',
    },
    {
      id: 11,
      templateId: 2,
      proxyRegionId: null,
      templateCode: 'TOU-2',
      templateName: 'Tariff 2',
      validFrom: '2025-05-15',
      createTime: '',
    },
    {
      id: 12,
      templateId: 3,
      proxyRegionId: null,
      templateCode: 'TOU-3',
      templateName: 'Tariff 3',
      validFrom: '2025-07-01',
      createTime: '',
    },
  ],
  templates: [template(1, 0.6), template(2, 0.75), template(3, 0.9)],
  proxyToday: null,
};

describe('price configuration page', () => {
  let withdrawn: RateStationUnassignBody[];
  beforeEach(() => {
    withdrawn = [];
    apiServer.use(
      answer(rateApi.rateStationTemplates, held),
      answer(shellApi.dictTypeAll, []),
      answer(rateApi.rateStationUnassign, (b) => {
        withdrawn.push(b);
        return null;
      }),
    );
  });

  it('shows the prices in force today and each version by state; withdraws only a scheduled one', async () => {
    apiServer.use(...sessionHandlers(Object.values(PRICE_CONFIG_PERMS)));
    renderWithClient(<PriceConfigurationPage />);
    const inForce = await screen.findByTestId('price-in-force', {}, SLOW);
    await waitFor(() => expect(inForce.textContent).toContain('TOU-2 Tariff 2'), SLOW);
    expect(inForce.textContent).toContain('0.75');
    const rows = within(screen.getByTestId('price-versions')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Ended'),
      expect.stringContaining('In force today'),
      expect.stringContaining('Scheduled'),
    ]);
    expect(screen.queryByTestId('price-withdraw-11')).toBeNull();
    fireEvent.click(screen.getByTestId('price-withdraw-12'));
    fireEvent.click(await screen.findByText('OK', {}, SLOW));
    await waitFor(() => expect(withdrawn).toEqual([{ stationId: 5, assignmentId: 12 }]), SLOW);
    expect(screen.getByTestId('price-new-version')).toBeTruthy();
  }, 60_000);

  it('offers no change to a reader', async () => {
    apiServer.use(...sessionHandlers([PRICE_CONFIG_PERMS.query]));
    renderWithClient(<PriceConfigurationPage />);
    await screen.findByTestId('price-versions', {}, SLOW);
    expect(screen.queryByTestId('price-new-version')).toBeNull();
    expect(screen.queryByTestId('price-use-existing')).toBeNull();
    expect(screen.queryByTestId('price-withdraw-12')).toBeNull();
  }, 60_000);
});
