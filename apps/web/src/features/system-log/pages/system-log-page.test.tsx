import {
  type ClientErrorPageBody,
  type ClientErrorRow,
  logApi,
  type OperationLogPageBody,
  type OperationLogRow,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { SystemLogPage } from './system-log-page';

const op = (id: number, name: string, success: boolean): OperationLogRow => ({
  id,
  name,
  userId: 2,
  username: 'operator',
  ip: '10.0.0.8',
  method: 'POST',
  methodName: 'login',
  params: '{"username":"operator","type":"pc"}',
  durationMs: 80 + id,
  success,
  createTime: Date.UTC(2026, 10, 25, 8, id),
});
const err = (id: number, kind: ClientErrorRow['kind'], message: string): ClientErrorRow => ({
  id,
  at: Date.UTC(2026, 10, 25, 9, id),
  kind,
  message,
  stack: `Error: ${message}\n    at Block (home.tsx:${id})`,
  url: '/surveillance/site-homepage',
  release: '0.1.0',
  userId: null,
  username: null,
  ip: '10.0.0.9',
  userAgent: 'Chromium',
});

const OPS = [op(3, 'login.failure', false), op(2, 'login.success', true), op(1, 'logout', true)];
const ERRORS = [err(2, 'chunkLoad', 'Failed to fetch dynamically imported module'), err(1, 'render', 'x is undefined')];

function renderPage(path = '/system/log') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <SystemLogPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('system logs page', () => {
  let opQueries: OperationLogPageBody[];
  let errorQueries: ClientErrorPageBody[];
  beforeEach(() => {
    opQueries = [];
    errorQueries = [];
    apiServer.use(
      answer(logApi.operationLogPage, (q) => {
        opQueries.push(q);
        const list = OPS.filter((r) => q.success === undefined || r.success === q.success);
        return { total: list.length, pageNum: q.pageNum, pageSize: q.pageSize, list };
      }),
      answer(logApi.clientErrorPage, (q) => {
        errorQueries.push(q);
        const list = ERRORS.filter((r) => !q.kind || r.kind === q.kind);
        return { total: list.length, pageNum: q.pageNum, pageSize: q.pageSize, list };
      }),
    );
  });

  it('lists the operation log newest first and filters by result and text', async () => {
    renderPage();
    const table = await screen.findByTestId('operation-log');
    await waitFor(() => expect(within(table).getAllByText(/login\.|logout/)).toHaveLength(3));
    expect(
      within(table)
        .getAllByText(/login\.|logout/)
        .map((el) => el.textContent),
    ).toEqual(['login.failure', 'login.success', 'logout']);
    expect(screen.getByText('3 entries')).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('log-result')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Failure'));
    await waitFor(() => expect(within(table).getAllByText(/login\.|logout/)).toHaveLength(1));
    expect(opQueries.at(-1)).toMatchObject({ success: false, pageNum: 1 });
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: ' login ' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(opQueries.at(-1)).toMatchObject({ keyword: 'login', success: false }));
  });

  it('opens the client error log by its tab link, with kinds and the stack of a row', async () => {
    renderPage('/system/log?tab=client-errors');
    const table = await screen.findByTestId('client-errors');
    await waitFor(() => expect(within(table).getByText('Code failed to load')).toBeTruthy());
    expect(within(table).getByText('Render error')).toBeTruthy();
    expect(within(table).getAllByText('Not signed in')).toHaveLength(2);
    fireEvent.click(within(table).getAllByRole('button', { name: /expand/i })[0] as HTMLElement);
    expect((await screen.findByTestId('client-error-stack')).textContent).toContain('at Block (home.tsx:2)');
    fireEvent.mouseDown(within(screen.getByTestId('log-kind')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Render error'));
    await waitFor(() => expect(errorQueries.at(-1)).toMatchObject({ kind: 'render' }));
    await waitFor(() => expect(within(table).queryByText('Code failed to load')).toBeNull());
  });
});
