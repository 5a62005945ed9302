import {
  EXAMPLE_TOU_SEGMENTS,
  PROXY_PRICE_PERMS,
  PROXY_REGION_PERMS,
  type ProxyPriceRow,
  type ProxyRegionBody,
  type ProxyRegionRow,
  proxyApi,
  shellApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { ProxyPricePage } from './proxy-price-page';
import { ProxyRegionPage } from './proxy-region-page';

const SLOW = { timeout: 5000 };
const region: ProxyRegionRow = {
  id: 1,
  code: 'JS-1',
  name: 'Jiangsu 1-10 kV',
  provinceCode: '32',
  provinceName: 'Jiangsu',
  segments: EXAMPLE_TOU_SEGMENTS,
  model: '{\n  "voltageLevel": "1-10kV"\n}',
  priceMonths: 2,
  latestMonth: '2025-07',
  stations: [{ id: 5, name: 'Suzhou', validFrom: '2025-06-01' }],
  updatedAt: Date.now(),
};
const price = (id: number, month: string, locked: boolean): ProxyPriceRow => ({
  id,
  regionId: 1,
  regionCode: 'JS-1',
  regionName: 'Jiangsu 1-10 kV',
  month,
  prices: { sharp: 1.2, peak: 0.98, flat: 0.61, valley: 0.28, deepValley: 0.2 },
  currency: 'CNY',
  source: 'State Grid Jiangsu notice',
  locked,
  updatedAt: Date.now(),
});

describe('proxy price regions page', () => {
  let added: ProxyRegionBody[];
  beforeEach(() => {
    added = [];
    apiServer.use(
      ...sessionHandlers(Object.values(PROXY_REGION_PERMS)),
      answer(shellApi.dictTypeAll, []),
      answer(proxyApi.proxyRegionPage, { rows: [region], total: 1 }),
      answer(proxyApi.proxyRegionAdd, (b) => {
        added.push(b);
        return { id: 2 };
      }),
    );
  });

  it('lists regions with their months and followers, and refuses an empty model before sending', async () => {
    renderWithClient(<ProxyRegionPage />);
    const table = await screen.findByTestId('proxy-region-table', {}, SLOW);
    await waitFor(() => expect(table.textContent).toContain('JS-1'), SLOW);
    expect(table.textContent).toContain('2025-07');
    expect(screen.getByTestId('proxy-region-stations-JS-1').textContent).toContain('1');

    fireEvent.click(screen.getByTestId('proxy-region-add'));
    const form = await screen.findByTestId('proxy-region-form', {}, SLOW);
    fireEvent.change(within(form).getByLabelText('Region number'), { target: { value: 'JS-2' } });
    fireEvent.change(within(form).getByLabelText('Region name'), { target: { value: 'Jiangsu 35 kV' } });
    fireEvent.change(screen.getByTestId('proxy-region-model'), { target: { value: '{}' } });
    fireEvent.click(within(form.closest('.ant-modal') ?? form).getByRole('button', { name: /OK|Save/ }));
    expect(await screen.findByText('The region model must not be empty', {}, SLOW)).toBeTruthy();
    expect(added).toEqual([]);

    fireEvent.change(screen.getByTestId('proxy-region-model'), { target: { value: '{"voltageLevel":"35kV"}' } });
    fireEvent.click(within(form.closest('.ant-modal') ?? form).getByRole('button', { name: /OK|Save/ }));
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toMatchObject({
      code: 'JS-2',
      name: 'Jiangsu 35 kV',
      provinceCode: '32',
      model: '{"voltageLevel":"35kV"}',
    });
  }, 60_000);
});

describe('proxy prices page', () => {
  it('shows a priced month as kept (no edit, no delete) and a month to come as open', async () => {
    apiServer.use(
      ...sessionHandlers(Object.values(PROXY_PRICE_PERMS)),
      answer(shellApi.dictTypeAll, []),
      answer(proxyApi.proxyRegionOptions, [{ id: 1, code: 'JS-1', name: 'Jiangsu 1-10 kV', provinceCode: '32' }]),
      answer(proxyApi.proxyPricePage, { rows: [price(1, '2025-06', true), price(2, '2025-07', false)], total: 2 }),
    );
    renderWithClient(<ProxyPricePage />);
    const table = await screen.findByTestId('proxy-price-table', {}, SLOW);
    await waitFor(() => expect(table.textContent).toContain('2025-07'), SLOW);
    expect(table.textContent).toContain('Priced');
    expect((screen.getByTestId('proxy-price-edit-JS-1-2025-06') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('proxy-price-delete-JS-1-2025-06') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('proxy-price-edit-JS-1-2025-07') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('proxy-price-import')).toBeTruthy();
    expect(screen.getByTestId('proxy-price-export')).toBeTruthy();
  }, 60_000);

  it('offers a reader no import and no writes', async () => {
    apiServer.use(
      ...sessionHandlers([PROXY_PRICE_PERMS.query]),
      answer(shellApi.dictTypeAll, []),
      answer(proxyApi.proxyRegionOptions, []),
      answer(proxyApi.proxyPricePage, { rows: [price(2, '2025-07', false)], total: 1 }),
    );
    renderWithClient(<ProxyPricePage />);
    const table = await screen.findByTestId('proxy-price-table', {}, SLOW);
    await waitFor(() => expect(table.textContent).toContain('2025-07'), SLOW);
    expect(screen.queryByTestId('proxy-price-import')).toBeNull();
    expect(screen.queryByTestId('proxy-price-add')).toBeNull();
    expect(screen.queryByTestId('proxy-price-edit-JS-1-2025-07')).toBeNull();
  }, 60_000);
});
