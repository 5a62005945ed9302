import {
  type ClientErrorPageBody,
  type ClientErrorRow,
  LOG_EXPORT,
  LOG_QUERY,
  logApi,
  type OperationLogExportBody,
  type OperationLogPageBody,
  type OperationLogRow,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
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
  status: success ? 200 : 400,
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

const renderPage = (path = '/system/log') => renderWithClient(<SystemLogPage />, path);

describe('system logs page', () => {
  let opQueries: OperationLogPageBody[];
  let errorQueries: ClientErrorPageBody[];
  let exports: OperationLogExportBody[];
  const use = (powerList: string[]) => {
    opQueries = [];
    errorQueries = [];
    exports = [];
    apiServer.use(
      ...sessionHandlers(powerList),
      answer(logApi.operationLogPage, (q) => {
        opQueries.push(q);
        const rows = OPS.filter((r) => q.success === undefined || r.success === q.success);
        return { total: rows.length, rows };
      }),
      http.post('/api/sys/log/export', async ({ request }) => {
        exports.push((await request.json()) as OperationLogExportBody);
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="log.xlsx"',
          },
        });
      }),
      answer(logApi.clientErrorPage, (q) => {
        errorQueries.push(q);
        const list = ERRORS.filter((r) => !q.kind || r.kind === q.kind);
        return { total: list.length, pageNum: q.pageNum, pageSize: q.pageSize, list };
      }),
    );
  };
  beforeEach(() => use([LOG_QUERY, LOG_EXPORT]));

  it('lists the operation log newest first and filters by user, name, method and result', async () => {
    renderPage();
    const table = await screen.findByTestId('operation-log');
    await waitFor(() => expect(within(table).getAllByText(/login\.|logout/)).toHaveLength(3));
    expect(
      within(table)
        .getAllByText(/login\.|logout/)
        .map((el) => el.textContent),
    ).toEqual(['login.failure', 'login.success', 'logout']);
    // Times on the reader's clock, the zone named in the header.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(table).getByRole('columnheader', { name: new RegExp(`Time \\(${zone}`) })).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('log-result')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Failure'));
    fireEvent.change(screen.getByTestId('log-user'), { target: { value: ' oper ' } });
    fireEvent.change(screen.getByTestId('log-name'), { target: { value: 'login' } });
    fireEvent.mouseDown(within(screen.getByTestId('log-method')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('POST'));
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() =>
      expect(opQueries.at(-1)).toMatchObject({
        success: false,
        username: 'oper',
        name: 'login',
        method: 'POST',
        pageNum: 1,
      }),
    );
    await waitFor(() => expect(within(table).getAllByText(/login\.|logout/)).toHaveLength(1));
    // The export takes the same filters and the reader's zone.
    fireEvent.click(screen.getByTestId('log-export'));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0]).toMatchObject({ success: false, username: 'oper', method: 'POST', timeZone: zone });
  }, 30_000);

  it('keeps the parameters in their own column, the whole input in the expanded row', async () => {
    renderPage();
    const table = await screen.findByTestId('operation-log');
    await waitFor(() => expect(within(table).getAllByTestId('log-params')).toHaveLength(3));
    // The cell clips its one line at the column's fixed width instead of drawing over Duration.
    const cell = within(table).getAllByTestId('log-params')[0]?.closest('td');
    expect(cell?.className).toContain('ant-table-cell-ellipsis');
    const header = within(table).getByRole('columnheader', { name: 'Parameters' });
    const index = [...(header.parentElement?.children ?? [])].indexOf(header);
    const col = table.querySelectorAll('colgroup')[0]?.children[index] as HTMLElement | undefined;
    expect(col?.style.width).toBe('260px');
    fireEvent.click(within(table).getAllByRole('button', { name: /expand/i })[0] as HTMLElement);
    expect((await screen.findByTestId('log-params-full')).textContent).toBe(
      JSON.stringify({ username: 'operator', type: 'pc' }, null, 2),
    );
  }, 30_000);

  it('sorts on the server and hides the export without its permission', async () => {
    use([LOG_QUERY]);
    renderPage();
    const table = await screen.findByTestId('operation-log');
    await waitFor(() => expect(within(table).getAllByText(/login\.|logout/)).toHaveLength(3));
    expect(screen.queryByTestId('log-export')).toBeNull();
    fireEvent.click(within(table).getByRole('columnheader', { name: /Duration/ }));
    await waitFor(() => expect(opQueries.at(-1)).toMatchObject({ orderBy: 'durationMs', order: 'asc' }));
  }, 30_000);

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
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(errorQueries.at(-1)).toMatchObject({ kind: 'render' }));
    await waitFor(() => expect(within(table).queryByText('Code failed to load')).toBeNull());
  }, 30_000);
});
