import { type OrgNode, type OrgOption, orgApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { OrgPage } from './org-page';

const SLOW = { timeout: 8000 };
const ALL = ['sys:org:query', 'sys:org:add', 'sys:org:edit', 'sys:org:delete'];

const node = (id: number, pid: number, code: string, name: string, over: Partial<OrgNode> = {}): OrgNode => ({
  id,
  pid,
  name,
  code,
  orderNum: 0,
  leader: null,
  phone: null,
  stationCount: 0,
  userCount: 0,
  createTime: '2026-01-01T00:00:00.000Z',
  children: [],
  ...over,
});

const TREE: OrgNode[] = [
  node(1, 0, 'G', 'Group', {
    userCount: 2,
    children: [node(2, 1, 'G-JS', 'Jiangsu', { stationCount: 3, userCount: 1 }), node(3, 1, 'G-GD', 'Guangdong')],
  }),
];
const optionsOf = (nodes: OrgNode[]): OrgOption[] =>
  nodes.map((n) => ({ id: n.id, pid: n.pid, name: n.name, code: n.code, children: optionsOf(n.children) }));

describe('organisation page', { timeout: 60_000 }, () => {
  let adds: unknown[];
  let updates: unknown[];
  const error = vi.fn();
  const success = vi.fn();

  const serve = (perms: string[]) =>
    apiServer.use(
      ...sessionHandlers(perms),
      answer(orgApi.orgList, TREE),
      answer(orgApi.orgTree, optionsOf(TREE)),
      answer(orgApi.orgAdd, (b) => {
        adds.push(b);
        return { id: 9 };
      }),
      answer(orgApi.orgUpdate, (b) => {
        updates.push(b);
        return null;
      }),
      answer(orgApi.orgDelete, ({ id }) =>
        id === 2
          ? {
              fail: {
                status: 409,
                code: 409,
                msg: 'The organisation "Jiangsu" still holds 3 station(s), 1 user(s) and cannot be deleted',
              },
            }
          : null,
      ),
    );

  beforeEach(() => {
    adds = [];
    updates = [];
    installNotifier({ warning: vi.fn(), error, success });
  });
  afterEach(() => {
    installNotifier(null);
    error.mockReset();
    success.mockReset();
  });

  it('shows the tree with what each organisation holds, and searches it', async () => {
    serve(ALL);
    renderWithClient(<OrgPage />);
    // The table is drawn anew once loaded (every level open), so it is looked up each time.
    const table = () => screen.getByTestId('org-table');
    await waitFor(() => expect(within(table()).getByText('Jiangsu')).toBeTruthy(), SLOW);
    expect(within(table()).getByText('Guangdong')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search name or code'), { target: { value: 'G-GD' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search name or code'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(table()).queryByText('Jiangsu')).toBeNull(), SLOW);
    // Ancestors of a match stay, so the match keeps its place in the tree.
    expect(within(table()).getByText('Group')).toBeTruthy();
  });

  it('adds a child under the chosen organisation with spec 5 phone checks', async () => {
    serve(ALL);
    renderWithClient(<OrgPage />);
    fireEvent.click(await screen.findByTestId('org-add-child-G-JS', {}, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(field('Name'), { target: { value: 'Suzhou team' } });
    fireEvent.change(field('Code'), { target: { value: 'G JS' } });
    fireEvent.change(field('Contact phone'), { target: { value: '1381234567' } });
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Codes hold only letters, digits, - and _', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('The phone number must have 11 digits')).toBeTruthy();
    fireEvent.change(field('Code'), { target: { value: 'G-JS-SZ' } });
    fireEvent.change(field('Contact phone'), { target: { value: '13812345678' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(success).toHaveBeenCalled(), SLOW);
    expect(adds).toEqual([
      expect.objectContaining({ pid: 2, name: 'Suzhou team', code: 'G-JS-SZ', phone: '13812345678' }),
    ]);
  });

  it('edits an organisation; its own subtree cannot be chosen as its parent', async () => {
    serve(ALL);
    renderWithClient(<OrgPage />);
    fireEvent.click(await screen.findByTestId('org-edit-G', {}, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await waitFor(() => expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Group'), SLOW);
    fireEvent.mouseDown(within(dialog).getByLabelText('Parent organisation'));
    const jiangsu = await screen.findByTitle('Jiangsu', {}, SLOW);
    expect(jiangsu.closest('.ant-select-tree-treenode')?.className).toContain('disabled');
    fireEvent.change(within(dialog).getByLabelText('Leader'), { target: { value: 'Ada' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(updates).toEqual([expect.objectContaining({ id: 1, pid: 0, leader: 'Ada' })]), SLOW);
  });

  it('shows the server’s refusal naming what an organisation holds', async () => {
    serve(ALL);
    renderWithClient(<OrgPage />);
    fireEvent.click(await screen.findByTestId('org-delete-G-JS', {}, SLOW));
    fireEvent.click(await screen.findByText('OK', {}, SLOW));
    await waitFor(
      () =>
        expect(error).toHaveBeenCalledWith(
          'The organisation "Jiangsu" still holds 3 station(s), 1 user(s) and cannot be deleted',
          expect.anything(),
        ),
      SLOW,
    );
  });

  it('hides the writes without their permissions', async () => {
    serve(['sys:org:query']);
    renderWithClient(<OrgPage />);
    await waitFor(() => expect(within(screen.getByTestId('org-table')).getByText('Jiangsu')).toBeTruthy(), SLOW);
    expect(screen.queryByTestId('org-add')).toBeNull();
    expect(screen.queryByTestId('org-edit-G')).toBeNull();
    expect(screen.queryByTestId('org-delete-G-JS')).toBeNull();
  });
});
