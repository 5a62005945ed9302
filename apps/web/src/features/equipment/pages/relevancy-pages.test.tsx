import {
  type EmsEquipmentRow,
  EQUIPMENT_PERMS,
  equipModelApi,
  equipmentApi,
  type RelevancySaveBody,
  relevancyApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { EmsEquipmentPage } from './ems-equipment-page';
import { RelevancyPage } from './relevancy-page';

const SLOW = { timeout: 5000 };
const ALL = Object.values(EQUIPMENT_PERMS).flatMap((p) => Object.values(p));

describe('device-model links page', () => {
  let saved: RelevancySaveBody[];
  beforeEach(() => {
    saved = [];
    apiServer.use(
      ...sessionHandlers(ALL),
      answer(equipModelApi.equipModelList, [
        { id: 1, code: 'EMS-1', name: 'EMS', deviceType: 'ems', manufacturer: null },
        { id: 2, code: 'PCS-2', name: 'Converter', deviceType: 'pcs', manufacturer: null },
        { id: 3, code: 'BMS-3', name: 'Rack', deviceType: 'bms', manufacturer: null },
      ]),
      answer(relevancyApi.relevancyPage, {
        rows: [
          {
            emsModelId: 1,
            emsModelCode: 'EMS-1',
            emsModelName: 'EMS',
            models: [{ id: 2, code: 'PCS-2', name: 'Converter', deviceType: 'pcs', manufacturer: null }],
          },
        ],
        total: 1,
      }),
      answer(relevancyApi.relevancySave, (b) => {
        saved.push(b);
        return null;
      }),
    );
  });

  it('shows the supported models and saves a new set (EMS models not offered)', async () => {
    renderWithClient(<RelevancyPage />);
    const table = await screen.findByTestId('relevancy-table', {}, SLOW);
    await within(table).findByText('PCS-2', {}, SLOW);
    fireEvent.click(await screen.findByTestId('relevancy-edit-EMS-1', {}, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect(screen.queryByTitle('EMS-1 · EMS')).toBeNull();
    fireEvent.click(await screen.findByTitle('BMS-3 · Rack', {}, SLOW));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ emsModelId: 1, modelIds: [2, 3] }]), SLOW);
  }, 20_000);
});

describe('EMS equipment page', () => {
  it('lists EMS devices with their model and the devices below them', async () => {
    const row: EmsEquipmentRow = {
      id: 1,
      sn: 'S-EMS',
      name: 'Main EMS',
      stationId: 5,
      stationName: 'Station 5',
      modelId: 1,
      modelCode: 'EMS-1',
      modelName: 'EMS',
      status: 'online',
      lastSeenAt: null,
      devices: [
        { id: 2, sn: 'S-PCS', name: 'Converter A', type: 'pcs', typeName: 'PCS', modelCode: 'PCS-2', parentId: 1 },
      ],
    };
    apiServer.use(...sessionHandlers(ALL), answer(equipmentApi.emsEquipmentPage, { rows: [row], total: 1 }));
    renderWithClient(<EmsEquipmentPage />);
    const table = await screen.findByTestId('ems-equipment-table', {}, SLOW);
    await within(table).findByText('Main EMS', {}, SLOW);
    expect(within(table).getByText('EMS-1 · EMS')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /expand/i }));
    expect(await within(table).findByText('Converter A', {}, SLOW)).toBeTruthy();
  }, 20_000);
});
