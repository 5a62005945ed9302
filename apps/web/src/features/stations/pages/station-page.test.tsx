import {
  type NationStations,
  type OrgOption,
  orgApi,
  type StationAdmin,
  type StationBody,
  type StationPageBody,
  stationAdminApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { StationPage } from './station-page';

const ALL = ['sys:department:query', 'sys:station:add', 'sys:station:edit', 'sys:station:delete'];

const row = (id: number, over: Partial<StationAdmin> = {}): StationAdmin => ({
  id,
  code: `JS-${id}`,
  name: `Station ${id}`,
  address: 'Star Lake Street 328',
  provinceCode: '32',
  province: 'Jiangsu',
  city: 'Suzhou',
  cityEntered: '苏州市',
  ratedPowerKw: 1000 * id,
  capacityKwh: 2000 * id,
  gridConnectionTime: '2024-01-09',
  type: 'operating',
  longitude: 120.72,
  latitude: 31.32,
  timezone: 'Asia/Shanghai',
  contact: 'Zhou',
  phone: '13812345601',
  orgId: 2,
  orgName: 'Jiangsu branch',
  showWeather: true,
  forceChinese: false,
  hasLogo: false,
  deviceCount: id === 1 ? 12 : 0,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  ...over,
});

const ORGS: OrgOption[] = [
  {
    id: 1,
    pid: 0,
    name: 'Group',
    code: 'G',
    children: [{ id: 2, pid: 1, name: 'Jiangsu branch', code: 'G-JS', children: [] }],
  },
];

/** A real 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const pngFile = () =>
  new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], 'logo.png', { type: 'image/png' });

/** This machine is slow and shared: antd's dialogs and tables take a while to settle. */
const SLOW = { timeout: 8000 };

describe('station management page', { timeout: 90_000 }, () => {
  let store: StationAdmin[];
  let pages: StationPageBody[];
  let updates: StationBody[];
  let adds: StationBody[];
  let logos: { id: number; data: string }[];
  const error = vi.fn();
  const success = vi.fn();

  const serve = (perms: string[]) =>
    apiServer.use(
      ...sessionHandlers(perms),
      answer(orgApi.orgTree, ORGS),
      answer(stationAdminApi.stationPage, (q) => {
        pages.push(q);
        let rows = store.filter((s) => !q.name || s.name.includes(q.name) || s.code.includes(q.name));
        if (q.orderBy === 'capacityKwh') {
          rows = [...rows].sort((a, b) => (a.capacityKwh - b.capacityKwh) * (q.order === 'desc' ? -1 : 1));
        }
        const from = (q.pageNum - 1) * q.pageSize;
        return { rows: rows.slice(from, from + q.pageSize), total: rows.length };
      }),
      answer(stationAdminApi.stationAdd, (b) => {
        adds.push(b as StationBody);
        if (b.code === 'JS-1')
          return { fail: { status: 409, code: 409, msg: 'The station code "JS-1" is already taken' } };
        const id = store.length + 1;
        store.push(row(id, { code: b.code, name: b.name }));
        return { id };
      }),
      answer(stationAdminApi.stationUpdate, (b) => {
        updates.push(b as StationBody);
        return null;
      }),
      answer(stationAdminApi.stationUploadLogo, (b) => {
        logos.push(b);
        return { contentType: 'image/png' as const, size: 70 };
      }),
      answer(stationAdminApi.stationDelete, ({ id }) => {
        store = store.filter((s) => s.id !== id);
        return null;
      }),
    );

  beforeEach(() => {
    store = [row(1), row(2), row(3, { type: 'proposed', name: 'Wuxi site' })];
    pages = [];
    updates = [];
    adds = [];
    logos = [];
    installNotifier({ warning: vi.fn(), error, success });
  });
  afterEach(() => {
    installNotifier(null);
    error.mockReset();
    success.mockReset();
  });

  const table = () => screen.getByTestId('station-table');
  const codes = () =>
    within(table())
      .queryAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);

  it('lists, searches and sorts on the server; delete is refused up front while a station has devices', async () => {
    serve(ALL);
    renderWithClient(<StationPage />);
    await waitFor(() => expect(codes()).toEqual(['JS-1', 'JS-2', 'JS-3']), SLOW);
    expect(within(table()).getAllByText('Jiangsu · Suzhou')).toHaveLength(3);

    fireEvent.click(within(table()).getAllByText('Capacity (kWh)')[0] as HTMLElement);
    fireEvent.click(within(table()).getAllByText('Capacity (kWh)')[0] as HTMLElement);
    await waitFor(() => expect(codes()).toEqual(['JS-3', 'JS-2', 'JS-1']), SLOW);
    expect(pages.at(-1)).toMatchObject({ orderBy: 'capacityKwh', order: 'desc' });

    fireEvent.change(screen.getByPlaceholderText('Name or code'), { target: { value: 'Wuxi' } });
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() => expect(codes()).toEqual(['JS-3']), SLOW);
    expect(pages.at(-1)).toMatchObject({ name: 'Wuxi', pageNum: 1 });
    fireEvent.click(screen.getByText('Reset'));
    await waitFor(() => expect(codes()).toHaveLength(3), SLOW);

    expect(screen.getByTestId('station-delete-JS-1').closest('button')?.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('station-delete-JS-2'));
    fireEvent.click(await screen.findByText('OK', {}, SLOW));
    // Still sorted by capacity, descending.
    await waitFor(() => expect(codes()).toEqual(['JS-3', 'JS-1']), SLOW);
  });

  it('shows only what the permissions allow', async () => {
    serve(['sys:department:query']);
    renderWithClient(<StationPage />);
    await waitFor(() => expect(codes()).toHaveLength(3), SLOW);
    expect(screen.queryByTestId('station-add')).toBeNull();
    expect(screen.queryByTestId('station-edit-JS-1')).toBeNull();
    expect(screen.queryByTestId('station-delete-JS-2')).toBeNull();
    expect(screen.getByTestId('station-detail-JS-1')).toBeTruthy();
  });

  it('edits with the server’s messages, picks coordinates on the offline map, saves the logo after the station', async () => {
    serve(ALL);
    renderWithClient(<StationPage />);
    fireEvent.click(await screen.findByTestId('station-edit-JS-2', {}, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    await waitFor(() => expect(field('Phone').value).toBe('13812345601'), SLOW);
    // The city as entered, not its translation.
    expect(field('City').value).toBe('苏州市');

    fireEvent.change(field('Phone'), { target: { value: '1381234' } });
    fireEvent.change(field('Capacity (kWh)'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('The phone number must have 11 digits', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Enter a number greater than 0 and at most 200000000')).toBeTruthy();
    fireEvent.change(field('Phone'), { target: { value: '23812345601' } });
    expect(await within(dialog).findByText('The phone number format is incorrect', {}, SLOW)).toBeTruthy();
    fireEvent.change(field('Phone'), { target: { value: '13912345678' } });
    fireEvent.change(field('Capacity (kWh)'), { target: { value: '4300' } });

    // The map: the marker is at the station; a click moves it and fills both inputs.
    const map = within(dialog).getByTestId('map-picker');
    expect(within(map).getByTestId('map-marker')).toBeTruthy();
    const svg = map.querySelector('svg');
    if (!svg) throw new Error('no map');
    svg.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      width: 640,
      height: 390,
      right: 640,
      bottom: 390,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    // Longitude 72 + 64 × 0.5 = 104 at the middle; latitude halfway between 54 and 15.
    fireEvent.click(map, { clientX: 320, clientY: 195, detail: 1 });
    await waitFor(() => expect(field('Longitude').value).toBe('104'), SLOW);
    expect(field('Latitude').value).toBe('34.5');
    fireEvent.change(field('Latitude'), { target: { value: '91' } });
    expect(await within(dialog).findByText('Latitude must be between -90 and 90', {}, SLOW)).toBeTruthy();
    fireEvent.change(field('Latitude'), { target: { value: '30.25' } });

    // A text file named like an image is refused by its bytes; a real PNG is kept for the save.
    // The upload control renews its file input after each choice.
    const input = () =>
      within(dialog).getByTestId('logo-field').querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input(), {
      target: { files: [new File(['<svg onload="x()"/>'], 'logo.png', { type: 'image/png' })] },
    });
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('The logo must be a PNG, JPEG or WebP image', expect.anything()),
    );
    expect(within(dialog).queryByTestId('logo-preview')).toBeNull();
    globalThis.URL.createObjectURL = vi.fn(() => 'blob:logo');
    fireEvent.change(input(), { target: { files: [pngFile()] } });
    expect(await within(dialog).findByTestId('logo-preview', {}, SLOW)).toBeTruthy();

    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Operation succeeded', expect.anything()), SLOW);
    expect(updates).toEqual([
      expect.objectContaining({
        id: 2,
        code: 'JS-2',
        phone: '13912345678',
        capacityKwh: 4300,
        longitude: 104,
        latitude: 30.25,
        city: '苏州市',
        orgId: 2,
      }),
    ]);
    expect(logos).toEqual([{ id: 2, data: PNG_BASE64 }]);
  });

  it('asks the add form for the required fields with the server’s phone message', async () => {
    serve(ALL);
    renderWithClient(<StationPage />);
    fireEvent.click(await screen.findByTestId('station-add', {}, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Enter the Code', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Enter the Organisation')).toBeTruthy();
    expect(within(dialog).getByText('The phone number must not be empty')).toBeTruthy();
  });

  it('shows the national listing in three levels with totals', async () => {
    const nation: NationStations = {
      stationCount: 3,
      ratedPowerKw: 250,
      capacityKwh: 600,
      children: [
        {
          kind: 'province',
          id: 'province:61',
          code: '61',
          name: 'Shaanxi',
          stationCount: 3,
          ratedPowerKw: 250,
          capacityKwh: 600,
          children: [
            {
              kind: 'city',
              id: 'city:61:西安市',
              name: "Xi'an",
              stationCount: 2,
              ratedPowerKw: 130,
              capacityKwh: 300,
              children: [
                {
                  kind: 'station',
                  id: 7,
                  code: 'T-N1',
                  name: 'North',
                  type: 'proposed',
                  ratedPowerKw: 50,
                  capacityKwh: 100,
                  longitude: 108.9,
                  latitude: 34.3,
                },
                {
                  kind: 'station',
                  id: 8,
                  code: 'T-N2',
                  name: 'South',
                  type: 'operating',
                  ratedPowerKw: 80,
                  capacityKwh: 200,
                  longitude: 108.9,
                  latitude: 34.2,
                },
              ],
            },
          ],
        },
      ],
    };
    serve(ALL);
    apiServer.use(answer(stationAdminApi.stationNation, nation));
    renderWithClient(<StationPage />);
    fireEvent.click(await screen.findByText('National listing', {}, SLOW));
    const view = await screen.findByTestId('nation-view', {}, SLOW);
    await waitFor(() => expect(within(view).getByText('Shaanxi')).toBeTruthy(), SLOW);
    expect(within(view).getByText("Xi'an")).toBeTruthy();
    expect(within(view).getByText('South')).toBeTruthy();
    expect(within(view).getByText('T-N2 · In operation · 200 kWh')).toBeTruthy();
    expect(within(view).getAllByText('3 station(s) · 250 kW · 600 kWh').length).toBeGreaterThan(0);
  });
});
