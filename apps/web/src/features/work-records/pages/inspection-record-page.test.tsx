import { type InspectionRecordRow, workRecordsApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { InspectionRecordPage } from './inspection-record-page';

const SLOW = { timeout: 15_000 };
const PERMS = [
  'operationalInspection:informationEntry:add',
  'operationalInspection:informationEntry:edit',
  'operationalInspection:informationEntry:delete',
];
// 2026-11-03 10:30 in Shanghai (the fixture station's zone).
const T0 = Date.UTC(2026, 10, 3, 2, 30);

const record = (id: number, name: string, over: Partial<InspectionRecordRow> = {}): InspectionRecordRow => ({
  id,
  stationId: 5,
  name,
  content: `${name} content`,
  recordTime: T0 + id * 60_000,
  recorder: 'Zhang',
  createdAt: T0,
  updatedAt: T0,
  ...over,
});

describe('inspection record page', () => {
  let store: InspectionRecordRow[];
  let asked: unknown[];
  let added: unknown[];
  let removed: unknown[];
  const serve = (perms: string[]) =>
    apiServer.use(
      ...sessionHandlers(perms),
      answer(workRecordsApi.inspectionRecordPage, (q) => {
        asked.push(q);
        const rows = store.filter((r) => !q.keyword || r.name.includes(q.keyword));
        return { rows, total: rows.length };
      }),
      answer(workRecordsApi.inspectionRecordAdd, (b) => {
        added.push(b);
        const row = record(store.length + 1, b.name, { ...b });
        store.push(row);
        return row;
      }),
      answer(workRecordsApi.inspectionRecordDelete, (b) => {
        removed.push(b);
        store = store.filter((r) => r.id !== b.id);
        return null;
      }),
    );
  beforeEach(() => {
    store = [record(1, 'Monthly walk'), record(2, 'Night check')];
    asked = [];
    added = [];
    removed = [];
  });

  it('lists the station’s records on its clock, adds one and deletes one', async () => {
    serve(PERMS);
    renderWithClient(<InspectionRecordPage />);
    const page = await screen.findByTestId('inspection-record-page', {}, SLOW);
    expect(await within(page).findByText('Monthly walk', {}, SLOW)).toBeTruthy();
    expect(within(page).getByText('2026-11-03 10:31:00')).toBeTruthy();
    expect(asked[0]).toMatchObject({ stationId: 5, pageNum: 1 });

    fireEvent.click(within(page).getByTestId('inspection-record-add'));
    const form = await screen.findByTestId('inspection-record-form', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the Name', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Fire check' } });
    fireEvent.change(within(form).getByLabelText('Content'), { target: { value: 'Extinguishers full' } });
    fireEvent.change(within(form).getByLabelText('Recorder'), { target: { value: 'Li' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toMatchObject({ stationId: 5, name: 'Fire check', content: 'Extinguishers full', recorder: 'Li' });
    expect(typeof (added[0] as { recordTime: unknown }).recordTime).toBe('number');
    expect(await within(page).findByText('Fire check', {}, SLOW)).toBeTruthy();

    fireEvent.click(within(page).getByTestId('inspection-record-delete-1'));
    fireEvent.click(await screen.findByText('OK', {}, SLOW));
    await waitFor(() => expect(removed).toEqual([{ stationId: 5, id: 1 }]), SLOW);
  }, 60_000);

  it('offers no writes without the page’s buttons', async () => {
    serve([]);
    renderWithClient(<InspectionRecordPage />);
    const page = await screen.findByTestId('inspection-record-page', {}, SLOW);
    await within(page).findByText('Night check', {}, SLOW);
    expect(within(page).queryByTestId('inspection-record-add')).toBeNull();
    expect(within(page).queryByTestId('inspection-record-delete-1')).toBeNull();
  }, 60_000);
});
