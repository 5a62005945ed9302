import { type CommandRow, configApi, deviceApi, meterRoleApi, type SyncStationRow } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { SiteConfigurationPage } from './site-configuration-page';
import { VirtualSyncPage } from './virtual-sync-page';

const SLOW = { timeout: 5000 };

const command = (over: Partial<CommandRow>): CommandRow => ({
  id: 1,
  commandId: 'configSync-1',
  stationId: 5,
  deviceId: 50,
  deviceSn: 'JS-5-EMS',
  kind: 'configSync',
  pointCode: null,
  value: null,
  state: 'success',
  issuedBy: 'Admin',
  createTime: Date.UTC(2026, 10, 25, 8, 0),
  sentTime: null,
  resolvedTime: null,
  message: null,
  ...over,
});

const station = (id: number, last: CommandRow | null, over: Partial<SyncStationRow> = {}): SyncStationRow => ({
  stationId: id,
  stationName: `Station ${id}`,
  stationCode: `JS-${id}`,
  emsSn: `JS-${id}-EMS`,
  emsOnline: true,
  last,
  ...over,
});

describe('site configuration sync', () => {
  let synced: number[];
  let state: CommandRow['state'];
  beforeEach(() => {
    synced = [];
    state = 'sent';
    apiServer.use(
      ...sessionHandlers(['sys:siteConfiguration:query', 'sys:siteConfig:sync']),
      answer(configApi.siteSyncList, () => [
        station(5, synced.length > 0 ? command({ id: 2, state }) : null),
        station(6, command({ stationId: 6, state: 'failure', message: 'Device offline' }), { emsOnline: false }),
        station(7, null, { emsSn: null, emsOnline: false }),
      ]),
      answer(configApi.siteSync, ({ stationId }) => {
        synced.push(stationId);
        return command({ id: 2, state: 'sent' });
      }),
    );
  });

  it('lists stations with their EMS and last delivery, and follows a sync until it settles', async () => {
    renderWithClient(<SiteConfigurationPage />);
    const list = await screen.findByTestId('sync-list-site', {}, SLOW);
    const line = async (code: string) => (await within(list).findByText(code, {}, SLOW)).closest('tr') as HTMLElement;
    expect(within(await line('JS-6')).getByText('Failure')).toBeTruthy();
    expect(within(await line('JS-6')).getByText('Device offline')).toBeTruthy();
    expect(within(await line('JS-7')).getByText('No EMS')).toBeTruthy();
    expect(within(await line('JS-5')).getByText('Never delivered')).toBeTruthy();
    // No tabs for topology jumps or meters without their permissions.
    expect(screen.queryByText('Topology jumps')).toBeNull();

    fireEvent.click(within(await line('JS-5')).getByTestId('sync-JS-5'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(synced).toEqual([5]));
    await within(await line('JS-5')).findByText('In progress', {}, SLOW);
    // The device answers: the polled list moves on by itself.
    state = 'success';
    await within(await line('JS-5')).findByText('Success', {}, { timeout: 6000 });
  }, 30_000);

  it('shows no sync button without the sync permission', async () => {
    apiServer.use(...sessionHandlers(['sys:siteConfiguration:query']));
    renderWithClient(<SiteConfigurationPage />);
    const list = await screen.findByTestId('sync-list-site', {}, SLOW);
    await within(list).findByText('JS-6', {}, SLOW);
    expect(within(list).queryByTestId('sync-JS-5')).toBeNull();
  });
});

describe('topology jumps of the current station', () => {
  it('loads the saved jumps and saves the edited set', async () => {
    const saved: unknown[] = [];
    apiServer.use(
      ...sessionHandlers(['sys:siteConfiguration:query', 'sys:siteConfig:topology']),
      answer(configApi.siteSyncList, []),
      answer(deviceApi.deviceTree, [
        {
          id: 51,
          sn: 'JS-5-PCS-1',
          name: 'PCS 1',
          type: 'pcs',
          typeName: 'PCS',
          status: 'online',
          modelCode: null,
          modelName: null,
          manufacturer: null,
          parentId: null,
          lastSeenAt: null,
          unitPrice: null,
          serviceFee: null,
          children: [],
        },
      ]),
      answer(configApi.topologyJumpList, [
        {
          id: 1,
          nodeKey: 'JS-5-PCS-1',
          targetKind: 'route',
          targetRoute: '/surveillance/energy-storage',
          targetDeviceId: null,
          targetDeviceName: null,
          updateTime: 1,
        },
      ]),
      answer(configApi.topologyJumpAdd, (b) => {
        saved.push(b);
        return [];
      }),
    );
    renderWithClient(<SiteConfigurationPage />);
    fireEvent.click(await screen.findByText('Topology jumps', {}, SLOW));
    const card = await screen.findByTestId('topology-jump-card', {}, SLOW);
    expect(await within(card).findByDisplayValue('/surveillance/energy-storage', {}, SLOW)).toBeTruthy();
    fireEvent.click(within(card).getByTestId('topology-jump-save'));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          stationId: 5,
          items: [
            {
              nodeKey: 'JS-5-PCS-1',
              targetKind: 'route',
              targetRoute: '/surveillance/energy-storage',
              targetDeviceId: null,
            },
          ],
        },
      ]),
    );
  });
});

describe('virtual configuration sync', () => {
  it('uses the virtual sync calls', async () => {
    const synced: number[] = [];
    apiServer.use(
      ...sessionHandlers(['sys:synchronizeVirtual:query', 'sys:synchronizeVirtual:sync']),
      answer(configApi.virtualSyncList, [station(5, null)]),
      answer(configApi.virtualSync, ({ stationId }) => {
        synced.push(stationId);
        return command({ kind: 'virtualSync', state: 'success' });
      }),
    );
    renderWithClient(<VirtualSyncPage />);
    const list = await screen.findByTestId('sync-list-virtual', {}, SLOW);
    fireEvent.click(await within(list).findByTestId('sync-JS-5', {}, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(synced).toEqual([5]));
  });
});

describe('meter connections of the current station', () => {
  it('lists each meter with its connection and saves an edited one', async () => {
    const meter = { deviceId: 61, name: 'Gateway meter', sn: 'JS-5-MTR', status: 'online' as const };
    let connection = { nominalVoltageV: 10_000, ptRatio: 100, ctRatio: 40 };
    const saved: unknown[] = [];
    const config = () => ({ stationId: 5, roles: [], meters: [{ ...meter, connection }] });
    apiServer.use(
      ...sessionHandlers(['sys:siteConfiguration:query', 'sys:equipment:meter']),
      answer(configApi.siteSyncList, []),
      answer(meterRoleApi.meterConfig, config),
      answer(meterRoleApi.meterConnectionUpdate, (b) => {
        saved.push(b);
        connection = b.connection;
        return config();
      }),
    );
    renderWithClient(<SiteConfigurationPage />);
    fireEvent.click(await screen.findByText('Meter configuration', {}, SLOW));
    const table = await screen.findByTestId('meter-connections', {}, SLOW);
    const row = (await within(table).findByText('Gateway meter (JS-5-MTR)', {}, SLOW)).closest('tr') as HTMLElement;
    expect(within(row).getByText('10,000 V')).toBeTruthy();

    fireEvent.click(await within(table).findByTestId('meter-connection-edit-JS-5-MTR', {}, SLOW));
    const form = await screen.findByTestId('meter-connection-form', {}, SLOW);
    const ct = within(form).getByLabelText('CT ratio (primary/secondary)');
    expect((ct as HTMLInputElement).value).toBe('40');
    fireEvent.change(ct, { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { stationId: 5, deviceId: 61, connection: { nominalVoltageV: 10_000, ptRatio: 100, ctRatio: 80 } },
      ]),
    );
    // The list reads the station's meters again and shows the saved ratio.
    await within(table).findByText('80.00', {}, SLOW);
  }, 30_000);
});
