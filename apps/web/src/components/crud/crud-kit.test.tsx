import { endpointGroup, pageOf, pageQuery, searchText } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import {
  AddButton,
  CrudPage,
  deleteAction,
  EnabledFilter,
  editAction,
  FilterBar,
  FormModal,
  ListCard,
  NARROW_ACTIONS,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '.';

// A list call shaped like every administration list (pageQuery / pageOf), only for this test.
const post = z.object({ id: z.number(), name: z.string() });
const api = endpointGroup('kit-test', {
  postPage: {
    method: 'POST',
    path: '/kit-test/post/page',
    body: pageQuery(['name', 'id'], { name: searchText() }),
    response: pageOf(post),
    access: { perms: ['sys:post:query'] },
    summary: 'test list',
  },
  postAdd: {
    method: 'POST',
    path: '/kit-test/post/add',
    body: z.object({ name: z.string() }),
    response: z.null(),
    access: { perms: ['sys:post:add'], mutates: true },
    summary: 'test add',
  },
  postUpdate: {
    method: 'POST',
    path: '/kit-test/post/update',
    body: z.object({ id: z.number(), name: z.string() }),
    response: z.null(),
    access: { perms: ['sys:post:edit'], mutates: true },
    summary: 'test update',
  },
  postDelete: {
    method: 'POST',
    path: '/kit-test/post/delete',
    body: z.object({ id: z.number() }),
    response: z.null(),
    access: { perms: ['sys:post:delete'], mutates: true },
    summary: 'test delete',
  },
});
type Post = z.infer<typeof post>;
type PageBody = z.infer<typeof api.postPage.body>;

function PostList() {
  const [filters, setFilters] = useState<{ name?: string }>({});
  const [adding, setAdding] = useState(false);
  const table = useServerTable(api.postPage, filters);
  const add = useEndpointMutation(api.postAdd, { invalidate: [api.postPage] });
  const remove = useEndpointMutation(api.postDelete, { invalidate: [api.postPage] });
  const columns: ColumnsType<Post> = [
    { key: 'name', title: 'Name', dataIndex: 'name', sorter: true },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, p) => (
        <RowActions
          actions={[
            {
              key: 'delete',
              label: `delete ${p.name}`,
              endpoint: api.postDelete,
              danger: true,
              confirm: `Delete ${p.name}?`,
              onClick: () => remove.mutateAsync({ id: p.id }),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <ListCard
      title="Posts"
      toolbar={<AddButton endpoint={api.postAdd} onClick={() => setAdding(true)} testId="add" />}
      filters={
        <FilterBar<{ name: string }> onSearch={setFilters}>
          <Form.Item name="name">
            <Input placeholder="name" />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<Post> rowKey="id" columns={columns} {...table.tableProps} data-testid="posts" />
      <FormModal<{ name: string }>
        open={adding}
        title="Add post"
        initialValues={{ name: '' }}
        onClose={() => setAdding(false)}
        onSubmit={(v) => add.mutateAsync(v)}
      >
        <Form.Item name="name" label="Post name" rules={[{ required: true, message: 'name required' }]}>
          <Input />
        </Form.Item>
      </FormModal>
    </ListCard>
  );
}

describe('administration list kit', () => {
  let store: Post[];
  let pages: PageBody[];
  const success = vi.fn();

  const serve = (powerList: string[]) =>
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(api.postPage, (q) => {
        pages.push(q);
        let rows = store.filter((p) => !q.name || p.name.includes(q.name));
        if (q.orderBy === 'name') {
          rows = [...rows].sort((a, b) => a.name.localeCompare(b.name) * (q.order === 'desc' ? -1 : 1));
        }
        const from = (q.pageNum - 1) * q.pageSize;
        return { rows: rows.slice(from, from + q.pageSize), total: rows.length };
      }),
      answer(api.postAdd, (b) => {
        if (store.some((p) => p.name === b.name)) return { fail: { status: 409, code: 409, msg: 'duplicate name' } };
        store.push({ id: store.length + 1, name: b.name });
        return null;
      }),
      answer(api.postUpdate, (b) => {
        store = store.map((p) => (p.id === b.id ? { ...p, name: b.name } : p));
        return null;
      }),
      answer(api.postDelete, (b) => {
        store = store.filter((p) => p.id !== b.id);
        return null;
      }),
    );

  beforeEach(() => {
    store = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `post ${String(i + 1).padStart(2, '0')}` }));
    pages = [];
    installNotifier({ warning: vi.fn(), error: vi.fn(), success });
  });
  afterEach(() => {
    installNotifier(null);
    success.mockReset();
    vi.restoreAllMocks();
  });

  const names = () =>
    within(screen.getByTestId('posts'))
      .queryAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);

  it('pages, sorts and filters on the server, back to page 1 on a new filter', async () => {
    serve(['sys:post:query']);
    renderWithClient(<PostList />);
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(screen.getByText('23 in total')).toBeTruthy();

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(names()).toEqual(['post 21', 'post 22', 'post 23']));
    expect(pages.at(-1)).toMatchObject({ pageNum: 3, pageSize: 10 });

    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ pageNum: 1, orderBy: 'name', order: 'asc' }));
    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(names()[0]).toBe('post 23'));
    expect(pages.at(-1)).toMatchObject({ orderBy: 'name', order: 'desc' });

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ pageNum: 2 }));
    fireEvent.change(screen.getByPlaceholderText('name'), { target: { value: '  post 1 ' } });
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() => expect(screen.getByText('10 in total')).toBeTruthy());
    expect(pages.at(-1)).toMatchObject({ pageNum: 1, name: 'post 1' });

    fireEvent.click(screen.getByText('Reset'));
    await waitFor(() => expect(screen.getByText('23 in total')).toBeTruthy());
    expect(pages.at(-1)).not.toHaveProperty('name');
  }, 60_000);

  it('shows add and delete only with their permissions', async () => {
    serve(['sys:post:query']);
    renderWithClient(<PostList />);
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(screen.queryByTestId('add')).toBeNull();
    expect(screen.queryByText('delete post 01')).toBeNull();
  });

  it('adds through the dialog, keeps it open on a refusal, and refreshes the list after a delete', async () => {
    serve(['sys:post:query', 'sys:post:add', 'sys:post:delete']);
    renderWithClient(<PostList />);
    fireEvent.click(await screen.findByTestId('add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('name required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Post name'), { target: { value: 'post 01' } });
    fireEvent.click(within(dialog).getByText('Save'));
    // Refused: still open, and what was typed survives the re-render (initialValues is inline).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' }).className).not.toMatch(/loading/));
    expect((within(dialog).getByLabelText('Post name') as HTMLInputElement).value).toBe('post 01');
    expect(success).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Post name'), { target: { value: 'shift lead' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Operation succeeded', expect.anything()));
    await waitFor(() => expect(screen.getByText('24 in total')).toBeTruthy());

    fireEvent.click(screen.getByText('delete post 01'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(screen.getByText('23 in total')).toBeTruthy());
    expect(store.some((p) => p.name === 'post 01')).toBe(false);
  }, 60_000);

  it('builds the edit and delete links and the enabled filter every list shares', async () => {
    serve(['sys:post:query', 'sys:post:add', 'sys:post:delete']);
    const edited = vi.fn();
    const deleted = vi.fn();
    const searched = vi.fn();
    function Row() {
      const { t } = useTranslation();
      return (
        <>
          <FilterBar<{ enabled?: boolean }> onSearch={searched}>
            <EnabledFilter placeholder="state" />
          </FilterBar>
          <RowActions
            actions={[
              editAction(t, { endpoint: api.postAdd, onClick: edited, testId: 'edit-a' }),
              deleteAction(t, { endpoint: api.postDelete, name: 'a', onDelete: deleted, testId: 'delete-a' }),
            ]}
          />
          <RowActions
            actions={[
              deleteAction(t, {
                endpoint: api.postDelete,
                name: 'b',
                onDelete: deleted,
                testId: 'delete-b',
                blockedBy: 'in use',
              }),
            ]}
          />
        </>
      );
    }
    renderWithClient(<Row />);
    fireEvent.click(await screen.findByTestId('edit-a'));
    expect(edited).toHaveBeenCalled();
    expect(screen.getByTestId('edit-a').textContent).toBe('Edit');
    expect((screen.getByTestId('delete-b') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('delete-a'));
    expect(await screen.findByText('Delete “a”?')).toBeTruthy();
    fireEvent.click(screen.getByText('OK'));
    await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));

    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Disabled'));
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() => expect(searched).toHaveBeenCalledWith({ enabled: false }));
  }, 60_000);

  it('folds a long row of actions under "More" on a narrow screen, and still asks before deleting', async () => {
    serve(['sys:post:query', 'sys:post:add', 'sys:post:delete']);
    const wide = window.matchMedia;
    // A 1024 px screen: only the kit's narrow query matches.
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query === NARROW_ACTIONS });
    try {
      const clicked = vi.fn();
      const deleted = vi.fn();
      function Row() {
        const { t } = useTranslation();
        return (
          <RowActions
            actions={[
              { key: 'detail', label: 'Details', onClick: () => clicked('detail'), testId: 'detail-a' },
              editAction(t, { endpoint: api.postAdd, onClick: () => clicked('edit'), testId: 'edit-a' }),
              { key: 'hidden', label: 'Not mine', perms: ['sys:other'], onClick: vi.fn(), testId: 'hidden-a' },
              { key: 'reset', label: 'Reset password', onClick: () => clicked('reset'), testId: 'reset-a' },
              deleteAction(t, { endpoint: api.postDelete, name: 'a', onDelete: deleted, testId: 'delete-a' }),
            ]}
          />
        );
      }
      renderWithClient(<Row />);
      // Once the user's permissions are in.
      expect(await screen.findByTestId('edit-a')).toBeTruthy();
      expect(screen.getByTestId('detail-a')).toBeTruthy();
      // Four allowed (one is not the user's): two links and "More" holding the other two.
      expect(screen.queryByTestId('reset-a')).toBeNull();
      expect(screen.queryByTestId('hidden-a')).toBeNull();
      fireEvent.click(screen.getByTestId('row-actions-more'));
      fireEvent.click(await screen.findByTestId('reset-a'));
      expect(clicked).toHaveBeenCalledWith('reset');
      fireEvent.click(screen.getByTestId('row-actions-more'));
      fireEvent.click(await screen.findByTestId('delete-a'));
      expect(deleted).not.toHaveBeenCalled();
      expect(await screen.findByText('Delete “a”?')).toBeTruthy();
      fireEvent.click(screen.getByText('OK'));
      await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
      expect(screen.queryByTestId('hidden-a')).toBeNull();
    } finally {
      window.matchMedia = wide;
    }
  }, 60_000);
});

const SLOW = { timeout: 8000 };

/** A list declared once: the kit renders filters, table, action column, dialog and detail. */
function DeclaredPosts() {
  return (
    <CrudPage
      title="Posts"
      testId="post"
      list={api.postPage}
      rowTestKey={(p) => p.id}
      rowName={(p) => p.name}
      columns={[{ key: 'name', title: 'Name', dataIndex: 'name', sorter: true }]}
      filters={
        <Form.Item name="name">
          <Input placeholder="name" />
        </Form.Item>
      }
      add={{ endpoint: api.postAdd, input: (v: { name: string }) => v }}
      update={{
        endpoint: api.postUpdate,
        input: (v, p) => ({ ...v, id: p.id }),
        blockedBy: (p) => (p.id === 1 ? 'the first stays' : undefined),
      }}
      remove={{ endpoint: api.postDelete, input: (p) => ({ id: p.id }) }}
      form={{
        titles: { add: 'Add post', edit: 'Edit post' },
        valuesOf: (p) => ({ name: p.name }),
        fields: (
          <Form.Item name="name" label="Post name" rules={[{ required: true, message: 'name required' }]}>
            <Input />
          </Form.Item>
        ),
      }}
      detail={{ title: (p) => p.name, items: (p) => [{ key: 'id', label: 'Number', value: p.id }] }}
    />
  );
}

describe('declared list page (CrudPage)', () => {
  let store: Post[];
  let pages: PageBody[];
  const success = vi.fn();

  const serve = (powerList: string[]) =>
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(api.postPage, (q) => {
        pages.push(q);
        let rows = store.filter((p) => !q.name || p.name.includes(q.name));
        if (q.orderBy === 'name') {
          rows = [...rows].sort((a, b) => a.name.localeCompare(b.name) * (q.order === 'desc' ? -1 : 1));
        }
        const from = (q.pageNum - 1) * q.pageSize;
        return { rows: rows.slice(from, from + q.pageSize), total: rows.length };
      }),
      answer(api.postAdd, (b) => {
        store.push({ id: store.length + 1, name: b.name });
        return null;
      }),
      answer(api.postUpdate, (b) => {
        store = store.map((p) => (p.id === b.id ? { ...p, name: b.name } : p));
        return null;
      }),
      answer(api.postDelete, (b) => {
        store = store.filter((p) => p.id !== b.id);
        return null;
      }),
    );

  beforeEach(() => {
    store = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `post ${String(i + 1).padStart(2, '0')}` }));
    pages = [];
    installNotifier({ warning: vi.fn(), error: vi.fn(), success });
  });
  afterEach(() => {
    installNotifier(null);
    success.mockReset();
    vi.restoreAllMocks();
  });

  const names = () =>
    within(screen.getByTestId('post-table'))
      .queryAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);

  it('renders the declared columns, searches, sorts and pages on the server', async () => {
    serve(['sys:post:query']);
    renderWithClient(<DeclaredPosts />);
    await waitFor(() => expect(names()).toEqual(store.slice(0, 10).map((p) => p.name)), SLOW);
    expect(within(screen.getByTestId('post-table')).getByText('Name')).toBeTruthy();
    expect(screen.getByText('Actions')).toBeTruthy();
    expect(screen.getByText(`${store.length} in total`)).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(names()).toEqual(store.slice(10).map((p) => p.name)), SLOW);
    expect(pages.at(-1)).toMatchObject({ pageNum: 2, pageSize: 10 });

    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ pageNum: 1, orderBy: 'name', order: 'asc' }), SLOW);

    fireEvent.change(screen.getByPlaceholderText('name'), { target: { value: 'post 1' } });
    fireEvent.click(screen.getByText('Search'));
    const hits = store.filter((p) => p.name.includes('post 1'));
    await waitFor(() => expect(names()).toEqual(hits.map((p) => p.name)), SLOW);
    expect(pages.at(-1)).toMatchObject({ pageNum: 1, name: 'post 1' });
  }, 60_000);

  it('exports every row under the filters and sort as CSV when the list has no export call', async () => {
    store = Array.from({ length: 450 }, (_, i) => ({ id: i + 1, name: `post ${String(i + 1).padStart(3, '0')}` }));
    store.push({ id: 451, name: '=cmd()' });
    serve(['sys:post:query']);
    const files: Blob[] = [];
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      files.push(b as Blob);
      return 'blob:list';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithClient(<DeclaredPosts />);
    await waitFor(() => expect(names()).toHaveLength(10), SLOW);
    fireEvent.click(screen.getByText('Name')); // sorted by name, ascending
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ orderBy: 'name', order: 'asc' }), SLOW);
    pages = [];
    fireEvent.click(screen.getByTestId('post-export'));
    await waitFor(() => expect(files).toHaveLength(1), SLOW);
    // Five pages of 100 (the size every list call takes), in the order on screen.
    expect(pages.map((p) => [p.pageNum, p.pageSize, p.orderBy])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 100, 'name']));
    expect(saved).toEqual(['Posts.csv']);
    const text = await (files[0] as Blob).text();
    const lines = text.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name');
    expect(lines).toHaveLength(452);
    // A formula-looking name stays text; the rest follow the sort.
    expect(lines[1]).toBe("'=cmd()");
    expect(lines[2]).toBe('post 001');
    expect(lines.at(-1)).toBe('post 450');
  }, 60_000);

  it('hides add, edit and delete without their permissions, keeping the detail', async () => {
    serve(['sys:post:query']);
    renderWithClient(<DeclaredPosts />);
    await waitFor(() => expect(names()).toHaveLength(10), SLOW);
    expect(screen.queryByTestId('post-add')).toBeNull();
    expect(screen.queryByTestId('post-edit-2')).toBeNull();
    expect(screen.queryByTestId('post-delete-2')).toBeNull();

    fireEvent.click(screen.getByTestId('post-detail-2'));
    const drawer = await screen.findByTestId('post-detail');
    expect(within(drawer).getByText('Number')).toBeTruthy();
    expect(within(drawer).getByText('2')).toBeTruthy();
  }, 60_000);

  it('adds and edits through the declared form, refuses a blocked edit, and deletes after asking', async () => {
    serve(['sys:post:query', 'sys:post:add', 'sys:post:edit', 'sys:post:delete']);
    renderWithClient(<DeclaredPosts />);
    await waitFor(() => expect(names()).toHaveLength(10), SLOW);
    expect((screen.getByTestId('post-edit-1') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('post-add'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add post')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Post name'), { target: { value: 'shift lead' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(store.at(-1)?.name).toBe('shift lead'), SLOW);
    await waitFor(() => expect(screen.getByText(`${store.length} in total`)).toBeTruthy(), SLOW);
    expect(success).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByTestId('post-edit-2'));
    dialog = (await screen.findByText('Edit post')).closest<HTMLElement>('[role="dialog"]') ?? dialog;
    const field = within(dialog).getByLabelText('Post name') as HTMLInputElement;
    expect(field.value).toBe('post 02');
    fireEvent.change(field, { target: { value: 'post two' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(names()).toContain('post two'), SLOW);
    expect(store.find((p) => p.id === 2)?.name).toBe('post two');

    fireEvent.click(screen.getByTestId('post-delete-3'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(names()).not.toContain('post 03'), SLOW);
    expect(store.some((p) => p.id === 3)).toBe(false);
  }, 60_000);
});
