import { ACCESS_PERMS, type EndpointInput, type RoleOptions, type RoleRow, roleApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { RolePage } from './role-page';

const P = ACCESS_PERMS;
const ALL = [P.roleQuery, P.roleAdd, P.roleEdit, P.roleDelete];
const SLOW = { timeout: 5000 };

const role = (id: number, code: string, over: Partial<RoleRow> = {}): RoleRow => ({
  id,
  code,
  name: `${code} name`,
  description: null,
  enabled: true,
  dataScope: 'org',
  userCount: 0,
  builtin: false,
  manageable: true,
  createTime: Date.UTC(2026, 0, 1),
  ...over,
});

// System(1) ─ Users(2) ─ [Add(3)]; System(1) ─ Roles(4); Monitoring(5)
const options: RoleOptions = {
  menus: [
    { id: 1, pid: 0, code: 'system', name: 'System', type: 'menu', perms: null, grantable: true },
    { id: 2, pid: 1, code: 'system.user', name: 'Users', type: 'menu', perms: 'sys:user:query', grantable: true },
    { id: 3, pid: 2, code: 'sys.user.add', name: 'Add user', type: 'button', perms: 'sys:user:add', grantable: true },
    { id: 4, pid: 1, code: 'system.role', name: 'Role list', type: 'menu', perms: 'sys:role:query', grantable: true },
    { id: 5, pid: 0, code: 'surveillance', name: 'Monitoring', type: 'menu', perms: null, grantable: true },
  ],
  orgs: [
    { id: 1, pid: 0, name: 'Group', grantable: true },
    { id: 2, pid: 1, name: 'Jiangsu', grantable: true },
  ],
  dataScopes: ['all', 'org', 'custom'],
};

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);
const checkbox = (code: string) =>
  screen.getByTestId(`menu-node-${code}`).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as Element;

describe('role page', { timeout: 30_000 }, () => {
  let roles: RoleRow[];
  let added: EndpointInput<typeof roleApi.roleAdd>[];
  let updated: EndpointInput<typeof roleApi.roleUpdate>[];
  const success = vi.fn();

  const serve = (powerList: string[]) =>
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(roleApi.rolePage, () => ({ rows: roles, total: roles.length })),
      answer(roleApi.roleOptions, options),
      answer(roleApi.roleDetail, (b) => {
        const r = roles.find((x) => x.id === b.id) ?? role(0, 'none');
        return { ...r, menuIds: [1, 2], orgIds: [] };
      }),
      answer(roleApi.roleAdd, (b) => {
        added.push(b);
        return { id: 30 };
      }),
      answer(roleApi.roleUpdate, (b) => {
        updated.push(b);
        return null;
      }),
    );

  beforeEach(() => {
    roles = [
      role(1, 'admin', { builtin: true, userCount: 1, dataScope: 'all' }),
      role(2, 'operator', { userCount: 2 }),
      role(3, 'auditor'),
    ];
    added = [];
    updated = [];
    installNotifier({ warning: vi.fn(), error: vi.fn(), success });
  });
  afterEach(() => {
    installNotifier(null);
    success.mockReset();
  });

  it('shows no write actions to a reader, and no delete for held or built-in roles', async () => {
    serve([P.roleQuery]);
    const first = renderWithClient(<RolePage />);
    expect(await screen.findByText('auditor name')).toBeTruthy();
    expect(screen.queryByTestId('role-add')).toBeNull();
    expect(screen.queryByTestId('role-edit-auditor')).toBeNull();
    first.unmount();

    serve(ALL);
    renderWithClient(<RolePage />);
    await waitFor(() => expect(screen.getByTestId('role-delete-auditor')).toBeTruthy());
    expect(screen.getByTestId('role-delete-admin').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('role-delete-operator').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('role-delete-auditor').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('role-enabled-admin')).toBeNull();
  });

  it('a delegated administrator grants only what they hold, and changes no role beyond it', async () => {
    roles = [role(2, 'operator', { userCount: 2, manageable: false }), role(3, 'auditor')];
    const held = new Set(['system', 'system.user', 'sys.user.add']);
    const limited: RoleOptions = {
      menus: options.menus.map((m) => ({ ...m, grantable: held.has(m.code) })),
      orgs: options.orgs.map((o) => ({ ...o, grantable: o.id === 2 })),
      dataScopes: ['org', 'custom'],
    };
    serve(ALL);
    apiServer.use(answer(roleApi.roleOptions, limited));
    renderWithClient(<RolePage />);
    await waitFor(() => expect(screen.getByTestId('role-edit-operator')).toBeTruthy());
    expect(screen.getByTestId('role-edit-operator').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('role-delete-operator').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('role-edit-auditor').hasAttribute('disabled')).toBe(false);

    fireEvent.click(screen.getByTestId('role-add'));
    await screen.findByRole('dialog');
    await screen.findByTestId('role-grant-hint');
    // No "every station" scope to offer.
    expect(within(dialog()).queryByText('All stations')).toBeNull();
    fireEvent.click(within(dialog()).getByText('Expand all'));
    await screen.findByTestId('menu-node-system.role');
    expect(checkbox('system.role').className).toContain('ant-tree-checkbox-disabled');
    expect(checkbox('surveillance').className).toContain('ant-tree-checkbox-disabled');
    // Checking the whole System branch grants only the rows held of it.
    fireEvent.change(field('Code'), { target: { value: 'helper' } });
    fireEvent.change(field('Name'), { target: { value: 'Helper' } });
    fireEvent.click(checkbox('system'));
    fireEvent.click(within(dialog()).getByText('Save'));
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toMatchObject({ dataScope: 'org', menuIds: [1, 2, 3] });
  });

  it('needs a menu ("Please authorise menus"); checking a button brings its page and parent', async () => {
    serve(ALL);
    renderWithClient(<RolePage />);
    fireEvent.click(await screen.findByTestId('role-add'));
    await screen.findByRole('dialog');
    fireEvent.change(field('Code'), { target: { value: 'viewer' } });
    fireEvent.change(field('Name'), { target: { value: 'Viewer' } });
    fireEvent.click(within(dialog()).getByText('Save'));
    expect(await within(dialog()).findByText('Please authorise menus', {}, SLOW)).toBeTruthy();

    fireEvent.click(within(dialog()).getByText('Expand all'));
    await screen.findByTestId('menu-node-sys.user.add');
    fireEvent.click(checkbox('sys.user.add'));
    // The parents are granted but not all of their branches: they show half-checked.
    await waitFor(() => expect(checkbox('system').className).toContain('ant-tree-checkbox-indeterminate'));
    expect(checkbox('sys.user.add').className).toContain('ant-tree-checkbox-checked');
    fireEvent.click(within(dialog()).getByText('Save'));
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toMatchObject({ code: 'viewer', name: 'Viewer', dataScope: 'org', menuIds: [1, 2, 3] });
  });

  it('a custom data scope needs organisations', async () => {
    serve(ALL);
    renderWithClient(<RolePage />);
    fireEvent.click(await screen.findByTestId('role-add'));
    await screen.findByRole('dialog');
    fireEvent.change(field('Code'), { target: { value: 'south' } });
    fireEvent.change(field('Name'), { target: { value: 'South' } });
    fireEvent.click(within(dialog()).getByText('Chosen organisations'));
    fireEvent.click(within(dialog()).getByText('Expand all'));
    fireEvent.click(checkbox('surveillance'));
    fireEvent.click(within(dialog()).getByText('Save'));
    expect(
      await within(dialog()).findByText('Please choose the organisations of the data scope', {}, SLOW),
    ).toBeTruthy();
    expect(added).toEqual([]);
  });

  it('edits a role from its detail, keeping the code', async () => {
    serve(ALL);
    renderWithClient(<RolePage />);
    fireEvent.click(await screen.findByTestId('role-edit-auditor'));
    await screen.findByRole('dialog');
    await waitFor(() => expect((field('Name') as HTMLInputElement).value).toBe('auditor name'));
    expect((field('Code') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog()).getByText('Expand all'));
    await screen.findByTestId('menu-node-system.role');
    fireEvent.click(checkbox('system.role'));
    fireEvent.click(within(dialog()).getByText('Save'));
    await waitFor(() => expect(updated).toHaveLength(1), SLOW);
    expect(updated[0]).toMatchObject({ id: 3, name: 'auditor name', menuIds: [1, 2, 4] });
    expect(updated[0]).not.toHaveProperty('code');
  });
});
