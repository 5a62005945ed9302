import { ALARM_PERMS, type AlarmDefinition, type AlarmDefinitionPageBody, alarmApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '../test/alarm-fixtures';
import { AlarmDefinitionPage } from './alarm-definition-page';

const SLOW = { timeout: 8000 };

const definition = (id: number, name: string, over: Partial<AlarmDefinition> = {}): AlarmDefinition => ({
  id,
  name,
  deviceId: null,
  deviceName: null,
  deviceType: 'bms',
  pointCode: 'cellTmax',
  condition: 'gt',
  threshold: 55,
  threshold2: null,
  holdSeconds: 10,
  deadband: 1,
  level: 1,
  content: '{device} {value} > {limit}',
  enabled: true,
  updateTime: Date.UTC(2026, 0, 1),
  ...over,
});

describe('alarm definition page', { timeout: 60_000 }, () => {
  let store: AlarmDefinition[];
  let pages: AlarmDefinitionPageBody[];
  const success = vi.fn();

  const serve = (perms: string[]) =>
    apiServer.use(
      ...sessionHandlers(perms),
      answer(alarmApi.alarmDefinitionPage, (q) => {
        pages.push(q);
        const rows = store.filter((d) => !q.keyword || d.name.includes(q.keyword));
        return { rows, total: rows.length };
      }),
      answer(alarmApi.alarmDefinitionDelete, ({ ids }) => {
        store = store.filter((d) => !ids.includes(d.id));
        return null;
      }),
    );

  beforeEach(() => {
    store = [definition(1, 'Cell too hot'), definition(2, 'Cell too cold', { condition: 'lt', threshold: 0 })];
    pages = [];
    installNotifier({ warning: vi.fn(), error: vi.fn(), success });
  });
  afterEach(() => {
    installNotifier(null);
    success.mockReset();
  });

  const names = () =>
    within(screen.getByTestId('alarm-definitions'))
      .queryAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);

  it('lists twenty a page, searches on the server, and hides the writes from a reader', async () => {
    serve([]);
    renderWithClient(<AlarmDefinitionPage />);
    await waitFor(() => expect(names()).toEqual(store.map((d) => d.name)), SLOW);
    expect(pages[0]).toMatchObject({ pageNum: 1, pageSize: 20 });
    expect(screen.queryByTestId('alarm-definition-add')).toBeNull();
    expect(screen.queryByTestId('alarm-definition-delete-1')).toBeNull();

    fireEvent.change(screen.getByPlaceholderText('Name, point or content'), { target: { value: 'hot' } });
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() => expect(names()).toEqual(['Cell too hot']), SLOW);
    expect(pages.at(-1)).toMatchObject({ pageNum: 1, keyword: 'hot' });
  });

  it('deletes after its own question and says so', async () => {
    serve([ALARM_PERMS.definitionDelete]);
    renderWithClient(<AlarmDefinitionPage />);
    fireEvent.click(await screen.findByTestId('alarm-definition-delete-2', {}, SLOW));
    const question = await screen.findByText(/Delete the alarm definition "Cell too cold"\?/, {}, SLOW);
    const popover = question.closest<HTMLElement>('.ant-popover');
    if (!popover) throw new Error('no question');
    fireEvent.click(within(popover).getByText('OK'));
    await waitFor(() => expect(names()).toEqual(['Cell too hot']), SLOW);
    expect(success).toHaveBeenCalledWith('Deleted', expect.anything());
  });
});
