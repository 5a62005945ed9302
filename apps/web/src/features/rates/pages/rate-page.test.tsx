import {
  EXAMPLE_TOU_PRICES,
  EXAMPLE_TOU_SEGMENTS,
  RATE_PERMS,
  type RateRepriceBody,
  type RateStationSaveBody,
  type RateTemplate,
  type RateTemplateBody,
  rateApi,
  shellApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { RatePage } from './rate-page';

const SLOW = { timeout: 5000 };
/** The dialog's save button (by text: role queries are slow over a form this size in jsdom). */
const save = (dialog: HTMLElement) => within(dialog).getByText('Save').closest('button') as HTMLElement;

const row = (id: number, over: Partial<RateTemplate> = {}): RateTemplate => ({
  id,
  code: `TOU-${id}`,
  name: `Tariff ${id}`,
  electricityType: 'commercial',
  currency: 'CNY',
  segments: EXAMPLE_TOU_SEGMENTS,
  prices: EXAMPLE_TOU_PRICES,
  validFrom: null,
  validTo: null,
  enabled: true,
  stations: [],
  stationCount: 0,
  updateTime: '2025-01-01T00:00:00.000Z',
  ...over,
});

const DICTS = [
  {
    type: 'electricityType',
    description: 'Electricity types',
    list: [
      { key: 'commercial', value: 'commercial', label: 'General industry and commerce', sort: 1 },
      { key: 'largeIndustry', value: 'largeIndustry', label: 'Large industry', sort: 2 },
    ],
  },
];

describe('rate templates page', () => {
  let asked: unknown[];
  let added: RateTemplateBody[];
  beforeEach(() => {
    asked = [];
    added = [];
    apiServer.use(
      ...sessionHandlers([RATE_PERMS.query, RATE_PERMS.add, RATE_PERMS.edit, RATE_PERMS.delete]),
      answer(shellApi.dictTypeAll, DICTS),
      answer(rateApi.ratePage, (q) => {
        asked.push(q);
        return {
          rows: [
            row(1, { stations: [{ id: 5, code: 'GD-GZ01', name: 'Guangzhou' }], stationCount: 1 }),
            row(2, { enabled: false, electricityType: 'largeIndustry', validFrom: '2026-01-01' }),
            row(3, { enabled: false, stationCount: 2 }),
          ],
          total: 3,
        };
      }),
      answer(rateApi.rateAdd, (b) => {
        added.push(b);
        return { id: 9 };
      }),
    );
  });

  it('lists templates with their type, validity and stations; delete only for a disabled unused one', async () => {
    renderWithClient(<RatePage />);
    const table = await screen.findByTestId('rate-table', {}, SLOW);
    await within(table).findByText('Tariff 1', {}, SLOW);
    expect(asked[0]).toEqual({ pageNum: 1, pageSize: 10 });
    const line = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(line('Tariff 1')).getByText('General industry and commerce')).toBeTruthy();
    expect(within(line('Tariff 1')).getByText('Guangzhou')).toBeTruthy();
    expect(within(line('Tariff 2')).getByText('Large industry')).toBeTruthy();
    expect(within(line('Tariff 2')).getByText('From 2026-01-01')).toBeTruthy();
    expect(within(line('Tariff 1')).getByText('Always')).toBeTruthy();

    const del = async (code: string) =>
      (await screen.findByTestId(`rate-delete-${code}`, {}, SLOW)) as HTMLButtonElement;
    expect((await del('TOU-1')).disabled).toBe(true); // enabled
    expect((await del('TOU-3')).disabled).toBe(true); // used by stations
    expect((await del('TOU-2')).disabled).toBe(false);
  }, 60_000);

  it('adds a template with the example cut split once, sending the contract body', async () => {
    renderWithClient(<RatePage />);
    fireEvent.click(await screen.findByTestId('rate-add', {}, SLOW));
    const dialog = await screen.findByTestId('rate-form', {}, SLOW);
    fireEvent.change(within(dialog).getByLabelText('Number'), { target: { value: 'TOU-NEW' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'New tariff' } });
    // The bar shows the example cut; split the first period (valley 00:00–08:00) in two.
    expect(within(dialog).getByTestId('segment-preview').textContent).toContain('Valley 8 h');
    fireEvent.click(within(dialog).getByLabelText('Split 00:00'));
    fireEvent.click(save(dialog));
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toEqual({
      code: 'TOU-NEW',
      name: 'New tariff',
      electricityType: 'commercial',
      currency: 'CNY',
      segments: [
        { start: '00:00', end: '04:00', period: 'valley' },
        { start: '04:00', end: '08:00', period: 'valley' },
        ...EXAMPLE_TOU_SEGMENTS.slice(1),
      ],
      prices: EXAMPLE_TOU_PRICES,
      validFrom: null,
      validTo: null,
      enabled: true,
    });
  }, 60_000);

  it('says before editing that a template stations use keeps what priced their past days', async () => {
    renderWithClient(<RatePage />);
    const hint = /once it has priced a past day, its prices, periods and past validity cannot change/;
    fireEvent.click(await screen.findByTestId('rate-edit-TOU-1', {}, SLOW));
    const dialog = await screen.findByTestId('rate-form', {}, SLOW);
    expect(within(dialog).getByText(hint)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Cancel'));
    // An unused template has priced nothing: no hint.
    fireEvent.click(await screen.findByTestId('rate-edit-TOU-2', {}, SLOW));
    const unused = await screen.findByTestId('rate-form', {}, SLOW);
    await within(unused).findByDisplayValue('TOU-2', {}, SLOW);
    expect(within(unused).queryByText(hint)).toBeNull();
  }, 60_000);

  it('refuses a price outside ±99,999,999 with the server’s words, sending nothing', async () => {
    renderWithClient(<RatePage />);
    fireEvent.click(await screen.findByTestId('rate-add', {}, SLOW));
    const dialog = await screen.findByTestId('rate-form', {}, SLOW);
    fireEvent.change(within(dialog).getByLabelText('Number'), { target: { value: 'TOU-BIG' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Too dear' } });
    fireEvent.change(within(dialog).getByLabelText('Peak'), { target: { value: '100000000' } });
    fireEvent.click(save(dialog));
    expect(await within(dialog).findByText('Prices must lie between -99999999 and 99999999', {}, SLOW)).toBeTruthy();
    expect(added).toEqual([]);
  }, 60_000);

  it("shows a station's dated assignments and assigns a rate template from the station's today", async () => {
    const saved: RateStationSaveBody[] = [];
    apiServer.use(
      answer(rateApi.rateStationTemplates, ({ stationId }) => ({
        stationId,
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
        ],
        templates: [row(1), row(2)],
        proxyToday: null,
      })),
      answer(rateApi.rateStationSave, (b) => {
        saved.push(b);
        return null;
      }),
    );
    renderWithClient(<RatePage />);
    fireEvent.click(await screen.findByTestId('rate-stations', {}, SLOW));
    const list = await screen.findByTestId('station-rates-list', {}, SLOW);
    expect(within(list).getByText('From the beginning')).toBeTruthy();
    expect(within(list).getByText('From 2025-05-15')).toBeTruthy();
    expect(within(list).getByText('In force today')).toBeTruthy();
    expect(screen.getByText('Station date: 2025-06-01')).toBeTruthy();
    // The selector says what it selects; nothing is saved until a template is chosen.
    const drawer = screen.getByTestId('station-rates');
    fireEvent.mouseDown(within(drawer).getByLabelText('Rate template'));
    fireEvent.click((await screen.findAllByTitle('TOU-1 Tariff 1', {}, SLOW)).at(-1) as HTMLElement);
    fireEvent.click(await screen.findByTestId('station-rates-save', {}, SLOW));
    await waitFor(() => expect(saved).toEqual([{ stationId: 5, templateId: 1, validFrom: '2025-06-01' }]), SLOW);
  }, 60_000);

  it('re-prices past days only after showing the difference of each day', async () => {
    const applied: RateRepriceBody[] = [];
    const preview = {
      stationId: 5,
      from: '2025-05-30',
      today: '2025-06-01',
      currency: 'CNY',
      days: [
        { date: '2025-05-30', oldRevenue: 100, newRevenue: 130, difference: 30 },
        { date: '2025-05-31', oldRevenue: 80, newRevenue: 90, difference: 10 },
        { date: '2025-06-01', oldRevenue: 5, newRevenue: 5, difference: 0 },
      ],
      oldTotal: 185,
      newTotal: 225,
      difference: 40,
      replaces: [],
    };
    apiServer.use(
      ...sessionHandlers([RATE_PERMS.query, RATE_PERMS.edit, RATE_PERMS.reprice]),
      answer(rateApi.rateStationTemplates, ({ stationId }) => ({
        stationId,
        timezone: 'Asia/Shanghai',
        today: '2025-06-01',
        currentId: 1,
        currentAssignmentId: 10,
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
        ],
        templates: [row(1)],
        proxyToday: null,
      })),
      answer(rateApi.rateRepricePreview, () => preview),
      answer(rateApi.rateReprice, (b) => {
        applied.push(b);
        return preview;
      }),
    );
    renderWithClient(<RatePage />);
    fireEvent.click(await screen.findByTestId('rate-stations', {}, SLOW));
    const drawer = await screen.findByTestId('station-rates', {}, SLOW);
    await within(drawer).findByTestId('station-rates-list', {}, SLOW);
    fireEvent.mouseDown(within(drawer).getByLabelText('Rate template'));
    fireEvent.click((await screen.findAllByTitle('TOU-1 Tariff 1', {}, SLOW)).at(-1) as HTMLElement);
    const from = within(drawer).getByLabelText('Effective from');
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: '2025-05-30' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter' });
    fireEvent.click(await within(drawer).findByText('Preview re-pricing', {}, SLOW));
    const modal = await screen.findByTestId('reprice-days', {}, SLOW);
    expect(within(modal).getByText('2025-06-01 (today, so far)')).toBeTruthy();
    expect(screen.getByTestId('reprice-total').textContent).toBe('+40.00 CNY');
    expect(applied).toEqual([]);
    fireEvent.click(screen.getByText('Re-price').closest('button') as HTMLElement);
    await waitFor(() => expect(applied).toEqual([{ stationId: 5, templateId: 1, validFrom: '2025-05-30' }]), SLOW);
  }, 60_000);
});
