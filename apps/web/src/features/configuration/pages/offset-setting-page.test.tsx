import { configApi, deviceApi, type OffsetRow } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { OffsetSettingPage } from './offset-setting-page';

const SLOW = { timeout: 5000 };

const row = (pointId: number, code: string, over: Partial<OffsetRow> = {}): OffsetRow => ({
  pointId,
  deviceId: 51,
  deviceName: 'PCS 1',
  sn: 'JS-5-PCS-1',
  code,
  name: `Point ${code}`,
  unit: 'kW',
  scale: 1,
  offset: 0,
  updatedBy: null,
  updateTime: null,
  ...over,
});

describe('offset settings page', () => {
  let asked: unknown[];
  let saved: unknown[];
  beforeEach(() => {
    asked = [];
    saved = [];
    apiServer.use(
      ...sessionHandlers(['sys:offsetSetting:query', 'sys:offsetSetting:edit']),
      answer(deviceApi.deviceTree, []),
      answer(configApi.offsetPage, (q) => {
        asked.push(q);
        return {
          rows: [row(1, 'p'), row(2, 'q', { scale: 2, offset: 5, updatedBy: 'Admin', updateTime: 1 })],
          total: 2,
        };
      }),
      answer(configApi.offsetSave, (b) => {
        saved.push(b);
        return null;
      }),
    );
  });

  it('lists the station points and saves a calibration, refusing a scale of 0 like the server', async () => {
    renderWithClient(<OffsetSettingPage />);
    const page = await screen.findByTestId('offset-setting-page', {}, SLOW);
    await within(page).findByText('Point q', {}, SLOW);
    expect(asked[0]).toEqual({ stationId: 5, pageNum: 1, pageSize: 10 });

    fireEvent.click(await within(page).findByTestId('offset-edit-JS-5-PCS-1-p', {}, SLOW));
    const form = await screen.findByTestId('offset-form', {}, SLOW);
    const scale = within(form).getByTestId('offset-scale');
    fireEvent.change(scale, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The scale must not be 0', {}, SLOW)).toBeTruthy();

    fireEvent.change(scale, { target: { value: '2' } });
    fireEvent.change(within(form).getByTestId('offset-offset'), { target: { value: '-3' } });
    expect(await within(form).findByText('A raw 100 is stored as 197', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ stationId: 5, items: [{ pointId: 1, scale: 2, offset: -3 }] }]));
  }, 30_000);

  it('refuses an offset beyond ±99,999,999 with the server message', async () => {
    renderWithClient(<OffsetSettingPage />);
    const page = await screen.findByTestId('offset-setting-page', {}, SLOW);
    await within(page).findByText('Point p', {}, SLOW);
    fireEvent.click(await within(page).findByTestId('offset-edit-JS-5-PCS-1-p', {}, SLOW));
    const form = await screen.findByTestId('offset-form', {}, SLOW);
    fireEvent.change(within(form).getByTestId('offset-offset'), { target: { value: '100000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('The value must be between -99,999,999 and 99,999,999', {}, SLOW),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  }, 30_000);
});
