import { type DefinitionRow, WORKORDER_PERMS as P, WORKORDER_LIMITS, workorderApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { ProcessDefinitionPage } from './process-definition-page';

const SLOW = { timeout: 8000 };
const ALL = [P.processQuery, P.processImport, P.processSuspend, P.processActivate, P.processDelete];

const definition = (id: number, key: string, over: Partial<DefinitionRow> = {}): DefinitionRow => ({
  id,
  key,
  version: 1,
  name: `${key} process`,
  suspended: false,
  builtIn: false,
  deployedAt: Date.UTC(2026, 11, 1, 8),
  deployedBy: 'admin',
  runningCount: 0,
  ...over,
});

describe('process definition page', { timeout: 60_000 }, () => {
  let rows: DefinitionRow[];
  let pages: unknown[];
  /** Import calls the server got (jsdom's XHR mock loses a form's file, so what is sent is read from the form). */
  let imports: number;
  let suspended: unknown[];
  const error = vi.fn();
  const success = vi.fn();

  beforeEach(() => {
    rows = [
      definition(1, 'faultRepair', { builtIn: true, runningCount: 2 }),
      definition(2, 'patrol', { suspended: true }),
    ];
    pages = [];
    imports = 0;
    suspended = [];
    installNotifier({ warning: vi.fn(), error, success });
    apiServer.use(
      ...sessionHandlers(ALL),
      answer(workorderApi.workorderDefinitionPage, (q) => {
        pages.push(q);
        return { rows, total: rows.length };
      }),
      http.post(`*/api${workorderApi.workorderDefinitionImport.path}`, async ({ request }) => {
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
        imports += 1;
        return HttpResponse.json({ code: 200, msg: 'ok', data: { id: 3, key: 'cleaning', version: 1 } });
      }),
      answer(workorderApi.workorderDefinitionSuspend, (b) => {
        suspended.push(b);
        rows = rows.map((r) => (r.id === b.id ? { ...r, suspended: true } : r));
        return null;
      }),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    installNotifier(null);
    error.mockReset();
    success.mockReset();
  });

  const keys = () =>
    within(screen.getByTestId('definition-table'))
      .queryAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
  const chooseFile = (file: File) => {
    const input = screen.getByTestId('definition-page').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
  };

  it('lists the newest versions with their state', async () => {
    renderWithClient(<ProcessDefinitionPage />);
    await waitFor(() => expect(keys()).toEqual(['faultRepair', 'patrol']), SLOW);
    expect(pages[0]).toMatchObject({ latestOnly: true, pageNum: 1 });
    const table = screen.getByTestId('definition-table');
    expect(within(table).getByText('Built in')).toBeTruthy();
    expect(within(table).getByText('Suspended')).toBeTruthy();
    expect(screen.getByTestId('definition-activate-2')).toBeTruthy();
  });

  it('refuses a file of another kind before sending it, and uploads a .bpmn20.xml as its file part', async () => {
    renderWithClient(<ProcessDefinitionPage />);
    await screen.findByTestId('definition-import', {}, SLOW);
    chooseFile(new File(['<xml/>'], 'process.xml', { type: 'text/xml' }));
    await waitFor(
      () =>
        expect(error).toHaveBeenCalledWith(
          'Only these files can be imported: .bpmn, .bpmn20.xml, .bar, .zip',
          expect.anything(),
        ),
      SLOW,
    );
    expect(imports).toBe(0);

    const listReads = pages.length;
    const xml = '<definitions id="d" />';
    const parts = vi.spyOn(FormData.prototype, 'append');
    const file = new File([xml], 'cleaning.bpmn20.xml', { type: 'text/xml' });
    chooseFile(file);
    await waitFor(() => expect(imports).toBe(1), SLOW);
    // A multipart upload: the one part `file`, the chosen file under its own name, no other fields.
    expect(parts.mock.calls).toEqual([['file', file, 'cleaning.bpmn20.xml']]);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Deployed cleaning, version 1', expect.anything()), SLOW);
    // The list is read again with the new version.
    await waitFor(() => expect(pages.length).toBeGreaterThan(listReads), SLOW);
  });

  it('refuses a file over the size limit before sending it, and shows the server’s refusal of a sent one', async () => {
    const refusal = 'The archive must hold exactly one BPMN file (.bpmn, .bpmn20.xml); it holds 2';
    apiServer.use(
      http.post(`*/api${workorderApi.workorderDefinitionImport.path}`, () =>
        HttpResponse.json({ code: 400, msg: refusal, data: null }, { status: 400 }),
      ),
    );
    renderWithClient(<ProcessDefinitionPage />);
    await screen.findByTestId('definition-import', {}, SLOW);
    const big = new File(['x'], 'big.bpmn');
    Object.defineProperty(big, 'size', { value: WORKORDER_LIMITS.definitionBytes + 1 });
    chooseFile(big);
    await waitFor(
      () => expect(error).toHaveBeenCalledWith('The process file is larger than 5 MB', expect.anything()),
      SLOW,
    );
    chooseFile(new File(['PK'], 'two.zip', { type: 'application/zip' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal, expect.anything()), SLOW);
    expect(success).not.toHaveBeenCalled();
    // The button is back for another file.
    await waitFor(() => expect(screen.getByTestId('definition-import').textContent).toBe('Import'), SLOW);
  });

  it('suspends a version after asking', async () => {
    renderWithClient(<ProcessDefinitionPage />);
    fireEvent.click(await screen.findByTestId('definition-suspend-1', {}, SLOW));
    fireEvent.click(await screen.findByText('OK', {}, SLOW));
    await waitFor(() => expect(suspended).toEqual([{ id: 1 }]), SLOW);
    await waitFor(() => expect(screen.getByTestId('definition-activate-1')).toBeTruthy(), SLOW);
  });

  it('opens a version’s diagram with its user tasks', async () => {
    apiServer.use(
      answer(workorderApi.workorderDefinitionDetail, ({ id }) => ({
        ...(rows.find((r) => r.id === id) as DefinitionRow),
        xml: '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" />',
        userTasks: [{ id: 'accept', name: 'Accept', candidateUsers: [], candidateGroups: ['maintainer'] }],
      })),
    );
    renderWithClient(<ProcessDefinitionPage />);
    fireEvent.click(await screen.findByTestId('definition-diagram-1', {}, SLOW));
    const drawer = await screen.findByTestId('definition-drawer', {}, SLOW);
    expect(await within(drawer).findByText('faultRepair process · version 1', {}, SLOW)).toBeTruthy();
    expect(await within(drawer).findByText('maintainer', {}, SLOW)).toBeTruthy();
    // The file has no layout: the viewer says so (bpmn-js parsed it) instead of an empty box.
    expect(
      await within(drawer).findByText('This process definition has no diagram layout to show', {}, SLOW),
    ).toBeTruthy();
  });

  it('shows neither import nor state changes without their permissions', async () => {
    apiServer.use(...sessionHandlers([P.processQuery]));
    renderWithClient(<ProcessDefinitionPage />);
    await waitFor(() => expect(keys()).toHaveLength(2), SLOW);
    expect(screen.queryByTestId('definition-import')).toBeNull();
    expect(screen.queryByTestId('definition-suspend-1')).toBeNull();
    expect(screen.queryByTestId('definition-delete-1')).toBeNull();
    expect(screen.getByTestId('definition-diagram-1')).toBeTruthy();
  });
});
