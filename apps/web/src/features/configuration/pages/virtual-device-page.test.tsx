import { deviceApi, type VirtualDevice, virtualApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { VirtualDevicePage } from './virtual-device-page';

const SLOW = { timeout: 5000 };

const device: VirtualDevice = {
  id: 9,
  stationId: 5,
  sn: 'JS-5-VIRT',
  name: 'Totals',
  createTime: 1,
  updateTime: 1,
  points: [
    {
      id: 90,
      code: 'storagePower',
      name: 'Storage power',
      names: { zh_CN: 'Storage power', en_US: 'Storage power', es_ES: 'Storage power', ja_JP: 'Storage power' },
      unit: 'kW',
      precision: 1,
      formula: 'sum(type:pcs.p)',
      value: null,
      ts: null,
    },
  ],
};

describe('virtual devices page', () => {
  let asked: unknown[];
  let added: unknown[];
  beforeEach(() => {
    asked = [];
    added = [];
    apiServer.use(
      ...sessionHandlers(['sys:virtualDeviceCol:query', 'sys:virtual:add', 'sys:virtual:edit', 'sys:virtual:delete']),
      answer(deviceApi.deviceTree, []),
      answer(virtualApi.virtualPage, (q) => {
        asked.push(q);
        return { total: 1, pageNum: 1, pageSize: 10, list: [device] };
      }),
      answer(virtualApi.virtualAdd, (b) => {
        added.push(b);
        return device;
      }),
    );
  });

  it('lists the station virtual devices and adds one, checking the formula like the server', async () => {
    renderWithClient(<VirtualDevicePage />);
    const page = await screen.findByTestId('virtual-device-page', {}, SLOW);
    await within(page).findByText('Totals', {}, SLOW);
    expect(within(page).getByText('Storage power (storagePower)')).toBeTruthy();
    expect(asked[0]).toEqual({ stationId: 5, pageNum: 1, pageSize: 10 });

    fireEvent.click(await within(page).findByTestId('virtual-add', {}, SLOW));
    const form = await screen.findByTestId('virtual-form', {}, SLOW);
    fireEvent.change(within(form).getByTestId('virtual-name'), { target: { value: 'Net' } });
    fireEvent.change(within(form).getByPlaceholderText('Code'), { target: { value: 'net' } });
    fireEvent.change(within(form).getByPlaceholderText('Point name'), { target: { value: 'Net power' } });
    const formula = within(form).getByPlaceholderText('Formula');
    fireEvent.change(formula, { target: { value: 'sum(' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/^Formula error: /, {}, SLOW)).toBeTruthy();
    expect(added).toEqual([]);

    fireEvent.change(formula, { target: { value: '{JS-5-MTR.p} - sum(type:pcs.p)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(added).toEqual([
        {
          stationId: 5,
          name: 'Net',
          points: [
            { code: 'net', name: 'Net power', unit: null, precision: 1, formula: '{JS-5-MTR.p} - sum(type:pcs.p)' },
          ],
        },
      ]),
    );
  }, 30_000);
});
