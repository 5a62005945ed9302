import { ACCESS_PERMS, type EndpointInput, type SysUserRow, userAdminApi } from '@ess/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { UserPage } from './user-page';

// Sealing is the login cipher's (tested with it); here a sealed secret is its base64 text.
vi.mock('@/lib/session/api/public-key', () => ({
  seal: async (secret: string) => ({ cipher: btoa(secret), aesKey: 'aw==', iv: 'aw==' }),
  withSealed: <T,>(run: () => Promise<T>) => run(),
}));

const P = ACCESS_PERMS;
const ALL = [P.userQuery, P.userAdd, P.userEdit, P.userDelete, P.userResetPwd];
const SLOW = { timeout: 5000 };

const row = (id: number, username: string, over: Partial<SysUserRow> = {}): SysUserRow => ({
  id,
  username,
  realName: `${username} real`,
  nickname: null,
  phone: '13812345678',
  email: null,
  sex: null,
  deptId: 2,
  deptName: 'Jiangsu',
  postId: null,
  postName: null,
  roleIds: [3],
  roleNames: ['Operators'],
  stationIds: [],
  enabled: true,
  builtin: false,
  manageable: true,
  createTime: Date.UTC(2026, 0, 1),
  ...over,
});

const options = {
  roles: [
    { id: 1, code: 'admin', name: 'Administrators', enabled: true, grantable: true },
    { id: 3, code: 'operator', name: 'Operators', enabled: true, grantable: true },
  ],
  orgs: [
    { id: 1, pid: 0, name: 'Group', placeable: true },
    { id: 2, pid: 1, name: 'Jiangsu', placeable: true },
  ],
  posts: [{ id: 1, name: 'Shift lead', enabled: true }],
  stations: [
    { id: 5, name: 'Suzhou', orgId: 2 },
    { id: 6, name: 'Shenzhen', orgId: 3 },
  ],
};

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);
async function pick(label: string, option: string) {
  fireEvent.mouseDown(field(label));
  const items = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(items.at(-1) as HTMLElement);
}

describe('user page', { timeout: 30_000 }, () => {
  let users: SysUserRow[];
  let added: EndpointInput<typeof userAdminApi.userAdd>[];
  let statuses: EndpointInput<typeof userAdminApi.userStatus>[];
  let resets: EndpointInput<typeof userAdminApi.userResetPwd>[];
  const success = vi.fn();

  const serve = (powerList: string[]) =>
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(userAdminApi.userPage, () => ({ rows: users, total: users.length })),
      answer(userAdminApi.userOptions, options),
      answer(userAdminApi.userAdd, (b) => {
        added.push(b);
        users.push(row(20, b.username));
        return { id: 20 };
      }),
      answer(userAdminApi.userStatus, (b) => {
        statuses.push(b);
        return null;
      }),
      answer(userAdminApi.userResetPwd, (b) => {
        resets.push(b);
        return null;
      }),
    );

  beforeEach(() => {
    // The signed-in user of sessionHandlers is user 7.
    users = [row(1, 'admin', { builtin: true, roleNames: ['Administrators'] }), row(7, 'operator'), row(9, 'olga')];
    added = [];
    statuses = [];
    resets = [];
    installNotifier({ warning: vi.fn(), error: vi.fn(), success });
  });
  afterEach(async () => {
    installNotifier(null);
    success.mockReset();
    await act(() => i18next.changeLanguage('en_US'));
  });

  it('shows no write actions to a reader', async () => {
    serve([P.userQuery]);
    renderWithClient(<UserPage />);
    expect(await screen.findByText('olga real')).toBeTruthy();
    expect(screen.queryByTestId('user-add')).toBeNull();
    expect(screen.queryByTestId('user-edit-olga')).toBeNull();
    expect(screen.queryByTestId('user-reset-olga')).toBeNull();
    expect(screen.queryByTestId('user-delete-olga')).toBeNull();
  });

  it('never offers to delete or disable the built-in admin or oneself', async () => {
    serve(ALL);
    renderWithClient(<UserPage />);
    await screen.findByText('olga real');
    await waitFor(() => expect(screen.getByTestId('user-delete-olga')).toBeTruthy());
    expect(screen.getByTestId('user-delete-admin').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('user-delete-operator').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('user-delete-olga').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('user-enabled-admin')).toBeNull();
    expect(screen.queryByTestId('user-enabled-operator')).toBeNull();
    fireEvent.click(screen.getByTestId('user-enabled-olga'));
    await waitFor(() => expect(statuses).toEqual([{ id: 9, enabled: false }]));
  });

  it('offers no change of a user holding more than the caller, nor a reset of their own password', async () => {
    users = [row(7, 'operator'), row(9, 'olga'), row(11, 'boss', { manageable: false })];
    serve(ALL);
    renderWithClient(<UserPage />);
    await screen.findByText('boss real');
    await waitFor(() => expect(screen.getByTestId('user-edit-boss')).toBeTruthy());
    for (const action of ['edit', 'reset', 'delete']) {
      expect(screen.getByTestId(`user-${action}-boss`).hasAttribute('disabled'), action).toBe(true);
      expect(screen.getByTestId(`user-${action}-olga`).hasAttribute('disabled'), action).toBe(false);
    }
    expect(screen.queryByTestId('user-enabled-boss')).toBeNull();
    // Oneself: edit opens with roles, organisation and stations shown but fixed; no reset here.
    expect(screen.getByTestId('user-reset-operator').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('user-edit-operator'));
    await screen.findByRole('dialog');
    expect(within(dialog()).getByText(/cannot change your own roles/)).toBeTruthy();
    expect(within(screen.getByTestId('user-roles')).getByRole('combobox').hasAttribute('disabled')).toBe(true);
  });

  it('adds a user checking phone, e-mail and password as the server does; the password travels sealed', async () => {
    serve(ALL);
    renderWithClient(<UserPage />);
    fireEvent.click(await screen.findByTestId('user-add'));
    await screen.findByRole('dialog');
    fireEvent.change(field('Login name'), { target: { value: 'wang' } });
    fireEvent.change(field('Password'), { target: { value: '12345' } });
    fireEvent.change(field('Real name'), { target: { value: 'Wang Wei' } });
    fireEvent.change(field('Phone'), { target: { value: '1381234567' } });
    fireEvent.change(field('Email'), { target: { value: 'wang@' } });
    fireEvent.click(within(dialog()).getByText('Save'));
    expect(await within(dialog()).findByText('The phone number must have 11 digits', {}, SLOW)).toBeTruthy();
    expect(within(dialog()).getByText('Email format incorrect')).toBeTruthy();
    expect(within(dialog()).getByText('Password must be 6 to 18 characters')).toBeTruthy();
    expect(within(dialog()).getByText('Choose at least one role')).toBeTruthy();

    fireEvent.change(field('Phone'), { target: { value: '23812345678' } });
    expect(await within(dialog()).findByText('The phone number format is incorrect', {}, SLOW)).toBeTruthy();
    fireEvent.change(field('Phone'), { target: { value: '13812345678' } });
    fireEvent.change(field('Email'), { target: { value: 'wang@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'secret-12' } });
    await pick('Roles', 'Operators');
    await pick('Extra stations', 'Shenzhen');
    fireEvent.click(within(dialog()).getByText('Save'));
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toMatchObject({
      username: 'wang',
      realName: 'Wang Wei',
      phone: '13812345678',
      email: 'wang@example.com',
      roleIds: [3],
      stationIds: [6],
      enabled: true,
    });
    expect(added[0]?.password).toEqual({ cipher: btoa('secret-12'), aesKey: 'aw==', iv: 'aw==' });
    await waitFor(() => expect(success).toHaveBeenCalled());
  });

  it('says the spec 5 phone messages in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh_CN'));
    serve(ALL);
    renderWithClient(<UserPage />);
    fireEvent.click(await screen.findByTestId('user-add'));
    await screen.findByRole('dialog');
    // antd spaces out a two-character Chinese button label.
    fireEvent.click(within(dialog()).getByText(/^保\s*存$/));
    expect(await within(dialog()).findByText('手机号码不能为空', {}, SLOW)).toBeTruthy();
    fireEvent.change(field('手机号码'), { target: { value: '138' } });
    expect(await within(dialog()).findByText('手机号码长度不为11位', {}, SLOW)).toBeTruthy();
    fireEvent.change(field('手机号码'), { target: { value: '03812345678' } });
    expect(await within(dialog()).findByText('手机号码格式不正确', {}, SLOW)).toBeTruthy();
  });

  it('shows a user’s details with their extra stations by name', async () => {
    users[2] = row(9, 'olga', { stationIds: [6], email: 'olga@example.com' });
    serve([P.userQuery]);
    renderWithClient(<UserPage />);
    fireEvent.click(await screen.findByTestId('user-detail-olga'));
    const drawer = await screen.findByTestId('user-detail');
    await waitFor(() => expect(within(drawer).getByText('Shenzhen')).toBeTruthy());
    expect(within(drawer).getByText('olga@example.com')).toBeTruthy();
  });

  it('resets a password typed twice, sealed', async () => {
    serve(ALL);
    renderWithClient(<UserPage />);
    fireEvent.click(await screen.findByTestId('user-reset-olga'));
    await screen.findByRole('dialog');
    fireEvent.change(field('Password'), { target: { value: 'new-pass-1' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'new-pass-2' } });
    fireEvent.click(within(dialog()).getByText('Save'));
    expect(await within(dialog()).findByText('The two passwords do not match', {}, SLOW)).toBeTruthy();
    fireEvent.change(field('Confirm password'), { target: { value: 'new-pass-1' } });
    fireEvent.click(within(dialog()).getByText('Save'));
    await waitFor(() =>
      expect(resets).toEqual([{ id: 9, password: { cipher: btoa('new-pass-1'), aesKey: 'aw==', iv: 'aw==' } }]),
    );
  });
});
