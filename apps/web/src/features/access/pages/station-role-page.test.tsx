import { ACCESS_PERMS, type EndpointInput, type StationRoleRow, stationRoleApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { StationRolePage } from './station-role-page';

const P = ACCESS_PERMS;
const SLOW = { timeout: 5000 };

const row: StationRoleRow = {
  id: 4,
  userId: 9,
  username: 'olga',
  realName: 'Olga',
  stationId: 5,
  stationName: 'Suzhou',
  roleId: 3,
  roleName: 'Maintenance',
  roleEnabled: false,
  manageable: true,
  createTime: Date.UTC(2026, 0, 1),
};
const options = {
  users: [
    { id: 9, username: 'olga', realName: 'Olga' },
    { id: 10, username: 'wang', realName: null },
  ],
  stations: [
    { id: 5, name: 'Suzhou' },
    { id: 6, name: 'Shenzhen' },
  ],
  roles: [{ id: 3, code: 'maint', name: 'Maintenance', enabled: true, grantable: true }],
};

const dialog = () => screen.getByRole('dialog');
async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const items = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(items.at(-1) as HTMLElement);
}

describe('station role page', { timeout: 30_000 }, () => {
  let added: EndpointInput<typeof stationRoleApi.stationRoleAdd>[];
  let deleted: number[];
  const serve = (powerList: string[]) =>
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(stationRoleApi.stationRolePage, () => ({ rows: [row], total: 1 })),
      answer(stationRoleApi.stationRoleOptions, options),
      answer(stationRoleApi.stationRoleAdd, (b) => {
        if (b.userId === 9 && b.stationId === 5) {
          return { fail: { status: 409, code: 409, msg: 'This user already has a role at this station' } };
        }
        added.push(b);
        return { ...row, id: 5, userId: b.userId, stationId: b.stationId };
      }),
      answer(stationRoleApi.stationRoleDelete, (b) => {
        deleted.push(b.id);
        return null;
      }),
    );

  beforeEach(() => {
    added = [];
    deleted = [];
    installNotifier({ warning: vi.fn(), error: vi.fn(), success: vi.fn() });
  });
  afterEach(() => installNotifier(null));

  it('lists station roles, marking a disabled role; a reader gets no actions', async () => {
    serve([P.stationRoleQuery]);
    renderWithClient(<StationRolePage />);
    expect(await screen.findByText('Olga (olga)')).toBeTruthy();
    expect(screen.getByText('Role disabled')).toBeTruthy();
    expect(screen.queryByTestId('station-role-add')).toBeNull();
    expect(screen.queryByTestId('station-role-delete-4')).toBeNull();
  });

  it('offers no change of a station role the caller may not give', async () => {
    serve([P.stationRoleQuery, P.stationRoleEdit, P.stationRoleDelete]);
    apiServer.use(answer(stationRoleApi.stationRolePage, () => ({ rows: [{ ...row, manageable: false }], total: 1 })));
    renderWithClient(<StationRolePage />);
    await waitFor(() => expect(screen.getByTestId('station-role-edit-4')).toBeTruthy());
    expect(screen.getByTestId('station-role-edit-4').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('station-role-delete-4').hasAttribute('disabled')).toBe(true);
  });

  it('adds a user’s role at a station, and deletes one', async () => {
    serve([P.stationRoleQuery, P.stationRoleAdd, P.stationRoleDelete]);
    renderWithClient(<StationRolePage />);
    fireEvent.click(await screen.findByTestId('station-role-add'));
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByText('Save'));
    expect(await within(dialog()).findByText('Choose a user', {}, SLOW)).toBeTruthy();
    await pick('station-role-user', 'wang');
    await pick('station-role-station', 'Shenzhen');
    await pick('station-role-role', 'Maintenance');
    fireEvent.click(within(dialog()).getByText('Save'));
    await waitFor(() => expect(added).toEqual([{ userId: 10, stationId: 6, roleId: 3 }]), SLOW);

    fireEvent.click(screen.getByTestId('station-role-delete-4'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(deleted).toEqual([4]));
  });
});
