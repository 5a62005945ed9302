import { orgApi, type PostPageBody, type SysPost } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { PostPage } from './post-page';

const SLOW = { timeout: 8000 };
const ALL = ['sys:post:query', 'sys:post:add', 'sys:post:edit', 'sys:post:delete'];

const post = (id: number, code: string, name: string, over: Partial<SysPost> = {}): SysPost => ({
  id,
  code,
  name,
  orderNum: id,
  enabled: true,
  remark: null,
  userCount: 0,
  createTime: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('post page', { timeout: 60_000 }, () => {
  let store: SysPost[];
  let pages: PostPageBody[];
  let updates: unknown[];
  const error = vi.fn();
  const success = vi.fn();

  const serve = (perms: string[]) =>
    apiServer.use(
      ...sessionHandlers(perms),
      answer(orgApi.postPage, (q) => {
        pages.push(q);
        const rows = store.filter(
          (p) =>
            (!q.keyword || p.code.includes(q.keyword) || p.name.includes(q.keyword)) &&
            (q.enabled === undefined || p.enabled === q.enabled),
        );
        return { rows, total: rows.length };
      }),
      answer(orgApi.postAdd, (b) => {
        if (store.some((p) => p.code === b.code)) {
          return { fail: { status: 409, code: 409, msg: `The post code "${b.code}" is already taken` } };
        }
        store.push(post(store.length + 1, b.code, b.name));
        return { id: store.length };
      }),
      answer(orgApi.postUpdate, (b) => {
        updates.push(b);
        store = store.map((p) => (p.id === b.id ? { ...p, ...b, remark: b.remark ?? null } : p));
        return null;
      }),
      answer(orgApi.postDelete, ({ id }) => {
        store = store.filter((p) => p.id !== id);
        return null;
      }),
    );

  beforeEach(() => {
    store = [post(1, 'P-OPS', 'Operator', { userCount: 2 }), post(2, 'P-MNT', 'Maintainer')];
    pages = [];
    updates = [];
    installNotifier({ warning: vi.fn(), error, success });
  });
  afterEach(() => {
    installNotifier(null);
    error.mockReset();
    success.mockReset();
  });

  const codes = () =>
    within(screen.getByTestId('post-table'))
      .queryAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);

  it('lists and searches; a post users hold cannot be deleted; a free one can', async () => {
    serve(ALL);
    renderWithClient(<PostPage />);
    await waitFor(() => expect(codes()).toEqual(['P-OPS', 'P-MNT']), SLOW);
    fireEvent.change(screen.getByPlaceholderText('Code or name'), { target: { value: 'MNT' } });
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() => expect(codes()).toEqual(['P-MNT']), SLOW);
    expect(pages.at(-1)).toMatchObject({ keyword: 'MNT', pageNum: 1 });
    fireEvent.click(screen.getByText('Reset'));
    await waitFor(() => expect(codes()).toHaveLength(2), SLOW);

    expect(screen.getByTestId('post-delete-P-OPS').closest('button')?.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('post-delete-P-MNT'));
    fireEvent.click(await screen.findByText('OK', {}, SLOW));
    await waitFor(() => expect(codes()).toEqual(['P-OPS']), SLOW);
  });

  it('adds with the form rules; the server’s refusal keeps the dialog open', async () => {
    serve(ALL);
    renderWithClient(<PostPage />);
    fireEvent.click(await screen.findByTestId('post-add', {}, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Enter the post code', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Enter the post name')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'P-OPS' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Shift lead' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(
      () => expect(error).toHaveBeenCalledWith('The post code "P-OPS" is already taken', expect.anything()),
      SLOW,
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'P-LEAD' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(codes()).toContain('P-LEAD'), SLOW);
  });

  it('switches a post off from the list', async () => {
    serve(ALL);
    renderWithClient(<PostPage />);
    fireEvent.click(await screen.findByTestId('post-enabled-P-MNT', {}, SLOW));
    await waitFor(
      () => expect(updates).toEqual([expect.objectContaining({ id: 2, code: 'P-MNT', enabled: false })]),
      SLOW,
    );
  });

  it('hides the writes without their permissions', async () => {
    serve(['sys:post:query']);
    renderWithClient(<PostPage />);
    await waitFor(() => expect(codes()).toHaveLength(2), SLOW);
    expect(screen.queryByTestId('post-add')).toBeNull();
    expect(screen.queryByTestId('post-edit-P-MNT')).toBeNull();
    expect(screen.queryByTestId('post-delete-P-MNT')).toBeNull();
    expect((screen.getByTestId('post-enabled-P-MNT') as HTMLButtonElement).disabled).toBe(true);
  });
});
