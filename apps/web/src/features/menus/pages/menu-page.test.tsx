import { type EndpointInput, type MenuAdminNode, menuAdminApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { MenuPage } from './menu-page';

const ALL = ['sys:menu:query', 'sys:menu:add', 'sys:menu:edit', 'sys:menu:delete'];

const node = (id: number, pid: number, code: string, en: string, over: Partial<MenuAdminNode> = {}): MenuAdminNode => ({
  id,
  pid,
  code,
  name: en,
  names: { zh_CN: `${en}-zh`, en_US: en, es_ES: '', ja_JP: '' },
  type: 'menu',
  perms: null,
  url: null,
  urlApp: null,
  icon: null,
  iconApp: null,
  method: null,
  orderNum: id,
  show: 'all',
  color: null,
  status: 1,
  hidden: false,
  external: false,
  isConfig: false,
  component: null,
  stationTypes: [],
  stationIds: [],
  builtIn: true,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  pidName: null,
  children: [],
  ...over,
});

/** System ─ Menus ─ [Add button]; System ─ Reports (empty). */
const fixture = (): MenuAdminNode[] => [
  node(1, 0, 'system', 'System', {
    icon: 'SettingOutlined',
    children: [
      node(2, 1, 'system.menu', 'Menus', {
        url: '/system/menu',
        perms: 'sys:menu:query',
        pidName: 'System',
        children: [node(3, 2, 'sys.menu.add', 'Add', { type: 'button', perms: 'sys:menu:add', pidName: 'Menus' })],
      }),
      node(4, 1, 'system.reports', 'Reports', { url: '/system/reports', builtIn: false, pidName: 'System' }),
    ],
  }),
];

// antd forms and tables in jsdom on a shared machine: give each test room.
describe('menu page', { timeout: 20_000 }, () => {
  let tree: MenuAdminNode[];
  let adds: EndpointInput<typeof menuAdminApi.menuAdd>[];
  let updates: EndpointInput<typeof menuAdminApi.menuUpdate>[];
  let deletes: number[];
  const success = vi.fn();
  const error = vi.fn();

  const serve = (powerList: string[]) =>
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(menuAdminApi.menuTree, () => tree),
      answer(menuAdminApi.menuAdd, (b) => {
        if (b.code === 'system.menu') {
          return { fail: { status: 409, code: 409, msg: 'A menu with the code "system.menu" already exists' } };
        }
        adds.push(b);
        const parent = tree[0];
        if (parent) parent.children.push(node(10, b.pid, b.code, b.names.en_US ?? '', { builtIn: false }));
        return { id: 10 };
      }),
      answer(menuAdminApi.menuUpdate, (b) => {
        updates.push(b);
        return null;
      }),
      answer(menuAdminApi.menuDelete, (b) => {
        deletes.push(b.id);
        return null;
      }),
    );

  beforeEach(() => {
    tree = fixture();
    adds = [];
    updates = [];
    deletes = [];
    installNotifier({ warning: vi.fn(), error, success });
  });
  afterEach(() => {
    installNotifier(null);
    success.mockReset();
    error.mockReset();
  });

  const expandAll = async () => {
    await screen.findByTestId('menu-name-system');
    fireEvent.click(screen.getByText('Expand all'));
    await screen.findByTestId('menu-name-sys.menu.add');
  };

  it('shows the tree with buttons as rows, and no edit actions to a reader', async () => {
    serve(['sys:menu:query']);
    renderWithClient(<MenuPage />);
    expect(await screen.findByTestId('menu-name-system')).toBeTruthy();
    expect(screen.queryByTestId('menu-name-system.menu')).toBeNull();
    await expandAll();
    const row = screen.getByTestId('menu-name-sys.menu.add').closest('tr');
    expect(row && within(row).getByText('Button')).toBeTruthy();
    expect(row && within(row).getByText('sys:menu:add')).toBeTruthy();
    expect(screen.queryByTestId('menu-add-root')).toBeNull();
    expect(screen.queryByTestId('menu-edit-system')).toBeNull();
    expect(screen.queryByTestId('menu-delete-system.reports')).toBeNull();
    expect(screen.queryByTestId('menu-add-child-system')).toBeNull();
  });

  it('finds rows by name, code or permission with their branch open', async () => {
    serve(['sys:menu:query']);
    renderWithClient(<MenuPage />);
    await screen.findByTestId('menu-name-system');
    const search = within(screen.getByTestId('menu-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'sys:menu:add' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByTestId('menu-name-sys.menu.add')).toBeTruthy();
    expect(screen.queryByTestId('menu-name-system.reports')).toBeNull();
  });

  it('adds a menu below a row, checking titles and the external link as the server does', async () => {
    serve(ALL);
    renderWithClient(<MenuPage />);
    fireEvent.click(await screen.findByTestId('menu-add-child-system'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name (Chinese)'), { target: { value: '帮助' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'system.help' } });
    fireEvent.change(within(dialog).getByLabelText('Route or link'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Enter the menu title (at least Chinese and English)')).toBeTruthy();
    expect(
      await within(dialog).findByText(
        'An external link must start with http:, https:, mailto: or tel: (a page of the platform starts with /)',
      ),
    ).toBeTruthy();
    expect(adds).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: 'Help' } });
    fireEvent.change(within(dialog).getByLabelText('Route or link'), { target: { value: 'https://help.example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Permissions'), { target: { value: 'sys:help:query' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Operation succeeded', expect.anything()));
    expect(adds).toEqual([
      expect.objectContaining({
        pid: 1,
        code: 'system.help',
        type: 'menu',
        names: expect.objectContaining({ zh_CN: '帮助', en_US: 'Help' }),
        url: 'https://help.example.com',
        perms: 'sys:help:query',
        status: 1,
        show: 'all',
        orderNum: 3,
      }),
    ]);
    // The tree is read again: the new row is there.
    expect(await screen.findByTestId('menu-name-system.help')).toBeTruthy();
  });

  it('picks the icon from the icons the menu can draw', async () => {
    serve(ALL);
    renderWithClient(<MenuPage />);
    fireEvent.click(await screen.findByTestId('menu-add-root'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name (Chinese)'), { target: { value: '首页' } });
    fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: 'Home' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'home' } });
    const picker = within(dialog).getByLabelText('Icon');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'HomeOut' } });
    const options = await screen.findAllByTitle('HomeOutlined');
    fireEvent.click(options.at(-1) as HTMLElement);
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(adds).toHaveLength(1));
    expect(adds[0]).toMatchObject({ pid: 0, code: 'home', icon: 'HomeOutlined' });
  });

  it('keeps the dialog open with what was typed when the server refuses', async () => {
    serve(ALL);
    renderWithClient(<MenuPage />);
    fireEvent.click(await screen.findByTestId('menu-add-root'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name (Chinese)'), { target: { value: '菜单' } });
    fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: 'Menus again' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'system.menu' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('A menu with the code "system.menu" already exists', expect.anything()),
    );
    expect(success).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).value).toBe('system.menu');
  });

  it('hides the page fields for a button and refuses a button at the top level', async () => {
    serve(ALL);
    renderWithClient(<MenuPage />);
    fireEvent.click(await screen.findByTestId('menu-add-root'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Route or link')).toBeTruthy();
    expect(within(dialog).getByTestId('menu-icon-picker')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Button'));
    await waitFor(() => expect(within(dialog).queryByLabelText('Route or link')).toBeNull());
    expect(within(dialog).queryByTestId('menu-icon-picker')).toBeNull();
    expect(within(dialog).getByLabelText('Request method')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name (Chinese)'), { target: { value: '导出' } });
    fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: 'Export' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'x.export' } });
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('A button must be placed under a menu')).toBeTruthy();
    expect(adds).toEqual([]);
  });

  it('edits a row with its fields filled in', async () => {
    serve(ALL);
    renderWithClient(<MenuPage />);
    await expandAll();
    fireEvent.click(screen.getByTestId('menu-edit-system.menu'));
    const dialog = await screen.findByRole('dialog');
    const en = within(dialog).getByLabelText('Name (English)') as HTMLInputElement;
    expect(en.value).toBe('Menus');
    expect((within(dialog).getByLabelText('Route or link') as HTMLInputElement).value).toBe('/system/menu');
    fireEvent.change(en, { target: { value: 'Menu editor' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({
      id: 2,
      pid: 1,
      code: 'system.menu',
      names: { zh_CN: 'Menus-zh', en_US: 'Menu editor' },
      url: '/system/menu',
      perms: 'sys:menu:query',
    });
  });

  it('deletes a leaf after confirmation; a row with children cannot be deleted', async () => {
    serve(ALL);
    renderWithClient(<MenuPage />);
    await expandAll();
    expect((screen.getByTestId('menu-delete-system') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('menu-delete-system.menu') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('menu-delete-system.reports'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(deletes).toEqual([4]));
  });
});
