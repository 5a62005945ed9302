import { type DictItemRow, type DictTypeRow, dictApi, type EndpointInput } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { DictionaryPage } from './dictionary-page';

const ALL = ['sys:dictionary:query', 'sys:dict:add', 'sys:dict:edit', 'sys:dict:delete'];

const item = (id: number, typeId: number, key: string, en: string, builtIn = false): DictItemRow => ({
  id,
  typeId,
  key,
  value: String(id),
  label: en,
  labels: { zh_CN: `${en}-zh`, en_US: en, es_ES: '', ja_JP: '' },
  sort: id,
  builtIn,
});

describe('dictionary page', { timeout: 20_000 }, () => {
  let types: DictTypeRow[];
  let items: DictItemRow[];
  let itemPages: EndpointInput<typeof dictApi.dictItemPage>[];
  let typeDeletes: EndpointInput<typeof dictApi.dictTypeDelete>[];
  let itemAdds: EndpointInput<typeof dictApi.dictItemAdd>[];
  const success = vi.fn();
  const error = vi.fn();

  const serve = (powerList: string[]) =>
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(dictApi.dictTypePage, () => ({
        rows: types.map((t) => ({ ...t, itemCount: items.filter((i) => i.typeId === t.id).length })),
        total: types.length,
      })),
      answer(dictApi.dictItemPage, (q) => {
        itemPages.push(q);
        const rows = items.filter((i) => i.typeId === q.typeId);
        return { rows, total: rows.length };
      }),
      answer(dictApi.dictTypeDelete, (b) => {
        typeDeletes.push(b);
        types = types.filter((t) => t.id !== b.id);
        return null;
      }),
      answer(dictApi.dictItemAdd, (b) => {
        if (items.some((i) => i.typeId === b.typeId && i.key === b.key)) {
          return { fail: { status: 409, code: 409, msg: `This dictionary type already has the key "${b.key}"` } };
        }
        itemAdds.push(b);
        items.push({ ...item(items.length + 100, b.typeId, b.key, b.labels.en_US ?? ''), value: b.value });
        return { id: items.length + 100 };
      }),
    );

  beforeEach(() => {
    types = [
      { id: 1, type: 'alarmLevel', description: 'Alarm levels', itemCount: 0, builtIn: true },
      { id: 2, type: 'shift', description: 'Work shifts', itemCount: 0, builtIn: false },
    ];
    items = [item(11, 1, 'critical', 'Critical', true), item(21, 2, 'day', 'Day'), item(22, 2, 'night', 'Night')];
    itemPages = [];
    typeDeletes = [];
    itemAdds = [];
    installNotifier({ warning: vi.fn(), error, success });
  });
  afterEach(() => {
    installNotifier(null);
    success.mockReset();
    error.mockReset();
  });

  const typeRow = async (type: string) => {
    const cell = await within(await screen.findByTestId('dict-type-table')).findByText(type);
    const row = cell.closest('tr');
    if (!row) throw new Error('no row');
    return row;
  };

  it("lists the types and shows the chosen type's items; a reader gets no edit actions", async () => {
    serve(['sys:dictionary:query']);
    renderWithClient(<DictionaryPage />);
    expect(await screen.findByText('Choose a dictionary type on the left')).toBeTruthy();
    fireEvent.click(await typeRow('shift'));
    expect(await screen.findByText('Items of “shift”')).toBeTruthy();
    const table = screen.getByTestId('dict-item-table');
    expect(await within(table).findByText('Night')).toBeTruthy();
    expect(itemPages.at(-1)).toMatchObject({ typeId: 2, pageNum: 1 });
    expect(screen.queryByTestId('dict-type-add')).toBeNull();
    expect(screen.queryByTestId('dict-item-add')).toBeNull();
    expect(screen.queryByTestId('dict-type-delete-shift')).toBeNull();
    expect(screen.queryByTestId('dict-item-edit-day')).toBeNull();
  });

  it('asks before deleting a type with items and then deletes them with it; a built-in type cannot go', async () => {
    serve(ALL);
    renderWithClient(<DictionaryPage />);
    await typeRow('shift');
    expect((screen.getByTestId('dict-type-delete-alarmLevel') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('dict-type-delete-shift'));
    expect(await screen.findByText('“shift” still has 2 items. Delete it together with its items?')).toBeTruthy();
    fireEvent.click(screen.getByText('OK'));
    await waitFor(() => expect(typeDeletes).toEqual([{ id: 2, withItems: true }]));
    await waitFor(() => expect(within(screen.getByTestId('dict-type-table')).queryByText('shift')).toBeNull());
  });

  it('adds an item with the same rules as the server, and keeps the dialog open on a duplicate key', async () => {
    serve(ALL);
    renderWithClient(<DictionaryPage />);
    fireEvent.click(await typeRow('shift'));
    fireEvent.click(await screen.findByTestId('dict-item-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Key'), { target: { value: 'day' } });
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: '9' } });
    fireEvent.change(within(dialog).getByLabelText('Label (Chinese)'), { target: { value: '白班' } });
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Enter the label (at least Chinese and English)')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Label (English)'), { target: { value: 'Day shift' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('This dictionary type already has the key "day"', expect.anything()),
    );
    expect(itemAdds).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Key'), { target: { value: 'late' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Operation succeeded', expect.anything()));
    expect(itemAdds).toEqual([
      expect.objectContaining({
        typeId: 2,
        key: 'late',
        value: '9',
        labels: expect.objectContaining({ zh_CN: '白班', en_US: 'Day shift' }),
      }),
    ]);
    expect(await within(screen.getByTestId('dict-item-table')).findByText('Day shift')).toBeTruthy();
  });

  it('keeps key and value of a built-in item fixed and offers no delete for it', async () => {
    serve(ALL);
    renderWithClient(<DictionaryPage />);
    fireEvent.click(await typeRow('alarmLevel'));
    await within(screen.getByTestId('dict-item-table')).findByText('Critical');
    expect((screen.getByTestId('dict-item-delete-critical') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('dict-item-edit-critical'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Key') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Value') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Label (English)') as HTMLInputElement).value).toBe('Critical');
  });
});
