import {
  type DeviceModelDetail,
  type DeviceModelRow,
  deviceApi,
  EQUIPMENT_PERMS,
  type EquipmentRow,
  equipModelApi,
  equipmentApi,
  type ModelTypeRow,
  modelTypeApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { EquipModelPage } from './equip-model-page';
import { EquipmentPage } from './equipment-page';
import { ModelTypePage } from './model-type-page';

const SLOW = { timeout: 5000 };
const ALL = Object.values(EQUIPMENT_PERMS).flatMap((p) => Object.values(p));

const modelRow = (id: number, over: Partial<DeviceModelRow> = {}): DeviceModelRow => ({
  id,
  code: `PCS-${id}`,
  name: `Converter ${id}`,
  names: { zh_CN: `Converter ${id}`, en_US: `Converter ${id}`, es_ES: '', ja_JP: '' },
  deviceType: 'pcs',
  deviceTypeName: 'PCS',
  modelTypeId: null,
  modelTypeName: null,
  manufacturer: 'Works',
  rated: {},
  pointCount: 2,
  deviceCount: 0,
  ...over,
});

const deviceRow = (id: number, over: Partial<EquipmentRow> = {}): EquipmentRow => ({
  id,
  stationId: 5,
  stationName: 'Station 5',
  name: `PCS ${id}`,
  sn: `SN-${id}`,
  type: 'pcs',
  typeName: 'PCS',
  modelId: 1,
  modelCode: 'PCS-1',
  modelName: 'Converter 1',
  parentId: null,
  parentName: null,
  manufacturer: 'Works',
  unitPrice: null,
  serviceFee: null,
  reportIntervalS: 10,
  sort: 0,
  status: 'offline',
  lastSeenAt: null,
  pointCount: 2,
  ...over,
});

const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

describe('model types page', () => {
  let added: unknown[];
  beforeEach(() => {
    added = [];
    const row: ModelTypeRow = {
      id: 1,
      code: 'STRING',
      name: 'String PCS',
      names: { zh_CN: 'S', en_US: 'String PCS', es_ES: 'S', ja_JP: 'S' },
      deviceType: 'pcs',
      deviceTypeName: 'PCS',
      sort: 0,
      modelCount: 2,
    };
    apiServer.use(
      ...sessionHandlers(ALL),
      answer(modelTypeApi.modelTypePage, { rows: [row], total: 1 }),
      answer(modelTypeApi.modelTypeAdd, (b) => {
        added.push(b);
        return { ...row, id: 2 };
      }),
    );
  });

  it('lists types, keeps a used one from deletion and adds one with its device type', async () => {
    renderWithClient(<ModelTypePage />);
    const table = await screen.findByTestId('model-type-table', {}, SLOW);
    await within(table).findByText('String PCS', {}, SLOW);
    expect(((await screen.findByTestId('model-type-delete-STRING')) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('model-type-add'));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    save(dialog);
    expect(await within(dialog).findByText('Enter the code', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('model-type-code'), { target: { value: 'bad code' } });
    expect(await within(dialog).findByText(/^Letters, digits/, {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('model-type-code'), { target: { value: 'CENTRAL' } });
    fireEvent.change(within(dialog).getByTestId('names-zh_CN'), { target: { value: 'Central' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Battery cluster', {}, SLOW));
    save(dialog);
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toEqual({ code: 'CENTRAL', names: { zh_CN: 'Central' }, deviceType: 'bms', sort: 0 });
  }, 20_000);
});

describe('device models page', () => {
  let added: unknown[];
  beforeEach(() => {
    added = [];
    apiServer.use(
      ...sessionHandlers(ALL),
      answer(modelTypeApi.modelTypeList, []),
      answer(equipModelApi.equipModelPage, { rows: [modelRow(1, { deviceCount: 3 }), modelRow(2)], total: 2 }),
      answer(equipModelApi.equipModelAdd, (b) => {
        added.push(b);
        return { id: 9, devicePointsAdded: 0, pendingRemoval: [] };
      }),
      answer(equipModelApi.equipModelDetail, {
        ...modelRow(1),
        points: [],
        pendingRemoval: [{ code: 'old', devices: 3 }],
      } satisfies DeviceModelDetail),
      answer(equipModelApi.equipModelImportPoints, {
        imported: 0,
        errors: [{ row: 3, message: 'Row 3: "kind" is not valid (power)' }],
      }),
    );
  });

  it('adds a model with two points; a repeated point code is refused in the form first', async () => {
    renderWithClient(<EquipModelPage />);
    await within(await screen.findByTestId('model-table', {}, SLOW)).findByText('PCS-1', {}, SLOW);
    expect(((await screen.findByTestId('model-delete-PCS-1')) as HTMLButtonElement).disabled).toBe(true);
    expect(((await screen.findByTestId('model-delete-PCS-2')) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByTestId('model-add'));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.change(within(dialog).getByTestId('model-code'), { target: { value: 'PCS-NEW' } });
    fireEvent.change(within(dialog).getByTestId('names-zh_CN'), { target: { value: 'New converter' } });
    fireEvent.mouseDown(within(within(dialog).getByTestId('model-device-type')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('PCS', {}, SLOW));
    fireEvent.click(within(dialog).getByTestId('point-add'));
    fireEvent.click(within(dialog).getByTestId('point-add'));
    for (const [i, code] of ['p', 'p'].entries()) {
      fireEvent.change(await within(dialog).findByTestId(`point-code-${i}`), { target: { value: code } });
      fireEvent.change(within(dialog).getByTestId(`point-name-zh_CN-${i}`), { target: { value: `Point ${i}` } });
    }
    save(dialog);
    expect((await within(dialog).findAllByText('Point code "p" appears more than once', {}, SLOW)).length).toBe(2);
    expect(added).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('point-code-1'), { target: { value: 'q' } });
    save(dialog);
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toMatchObject({
      code: 'PCS-NEW',
      deviceType: 'pcs',
      names: { zh_CN: 'New converter' },
      points: [
        { code: 'p', names: { zh_CN: 'Point 0' }, kind: 'telemetry', precision: 1, counter: false, states: null },
        { code: 'q', names: { zh_CN: 'Point 1' }, kind: 'telemetry', precision: 1, counter: false, limit: null },
      ],
    });
  }, 30_000);

  it("shows a model's dropped points and the import's row errors", async () => {
    renderWithClient(<EquipModelPage />);
    fireEvent.click(await screen.findByTestId('model-points-PCS-1', {}, SLOW));
    const drawer = await screen.findByTestId('model-points', {}, SLOW);
    expect(await within(drawer).findByText('Devices still carry points the model dropped: old', {}, SLOW)).toBeTruthy();
    const input = drawer.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'points.xlsx');
    fireEvent.change(input, { target: { files: [file] } });
    const errors = await screen.findByTestId('import-errors', {}, SLOW);
    expect(await within(errors).findByText('Row 3: "kind" is not valid (power)', {}, SLOW)).toBeTruthy();
  }, 20_000);
});

describe('equipment page', () => {
  let asked: unknown[];
  let added: unknown[];
  beforeEach(() => {
    asked = [];
    added = [];
    apiServer.use(
      ...sessionHandlers([...ALL, 'sys:equipment:credentials']),
      answer(equipModelApi.equipModelList, [
        { id: 1, code: 'PCS-1', name: 'Converter 1', deviceType: 'pcs', manufacturer: 'Works' },
      ]),
      answer(equipmentApi.equipmentPage, (q) => {
        asked.push(q);
        return { rows: [deviceRow(11), deviceRow(12, { parentId: 11, parentName: 'PCS 11' })], total: 2 };
      }),
      answer(deviceApi.deviceTree, []),
      answer(equipmentApi.equipmentAdd, (b) => {
        added.push(b);
        return deviceRow(13);
      }),
      answer(deviceApi.deviceCredentials, { username: 'SN-11', password: 'secret-once' }),
    );
  });

  it("lists the current station's devices and adds one of a model", async () => {
    renderWithClient(<EquipmentPage />);
    const table = await screen.findByTestId('device-table', {}, SLOW);
    await within(table).findByText('SN-12', {}, SLOW);
    expect(asked[0]).toEqual({ stationId: 5, pageNum: 1, pageSize: 10 });

    fireEvent.click(screen.getByTestId('device-add'));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.change(within(dialog).getByTestId('device-name'), { target: { value: 'PCS 13' } });
    fireEvent.change(within(dialog).getByTestId('device-sn'), { target: { value: 'bad/sn' } });
    save(dialog);
    expect(await within(dialog).findByText('Letters, digits, ., _ and -, at most 64', {}, SLOW)).toBeTruthy();
    expect(await within(dialog).findByText('Choose the device model', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('device-sn'), { target: { value: 'SN-13' } });
    fireEvent.mouseDown(within(within(dialog).getByTestId('device-model')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('PCS-1 · Converter 1', {}, SLOW));
    save(dialog);
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toMatchObject({ stationId: 5, modelId: 1, name: 'PCS 13', sn: 'SN-13', reportIntervalS: 10 });
  }, 30_000);

  it('shows new credentials once', async () => {
    renderWithClient(<EquipmentPage />);
    fireEvent.click(await screen.findByTestId('device-credentials-SN-11', {}, SLOW));
    const modal = await screen.findByTestId('credentials-modal', {}, SLOW);
    expect(await within(modal).findByText('secret-once', {}, SLOW)).toBeTruthy();
  }, 20_000);
});
