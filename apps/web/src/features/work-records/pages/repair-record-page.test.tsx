import { filesApi, type RepairRecordRow, type StoredFile, workRecordsApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { RepairRecordPage } from './repair-record-page';

const SLOW = { timeout: 15_000 };
const PERMS = ['operationalInspection:repairRecords:add', 'operationalInspection:repairRecords:edit'];
const T0 = Date.UTC(2026, 10, 3, 2, 30);
const photo = (id: string, name: string): StoredFile => ({
  id,
  name,
  size: 70,
  sha256: 'a'.repeat(64),
  contentType: 'image/png',
});
const FAN = photo('0b5c1c1e-58a1-4d8e-9a57-8cf1a1b8f0d1', 'fan.png');
const NEW = photo('1b5c1c1e-58a1-4d8e-9a57-8cf1a1b8f0d2', 'after.png');

const record = (id: number, over: Partial<RepairRecordRow> = {}): RepairRecordRow => ({
  id,
  stationId: 5,
  repairman: 'Li',
  location: 'PCS 2',
  content: 'Replaced fan',
  repairTime: T0,
  remark: '',
  pictures: [FAN],
  orderId: null,
  createdAt: T0,
  updatedAt: T0,
  ...over,
});

describe('repair record page', () => {
  let store: RepairRecordRow[];
  let updated: unknown[];
  let uploads: number;
  beforeEach(() => {
    store = [record(1)];
    updated = [];
    uploads = 0;
    apiServer.use(
      ...sessionHandlers(PERMS),
      answer(workRecordsApi.repairRecordPage, () => ({ rows: store, total: store.length })),
      answer(workRecordsApi.repairRecordUpdate, (b) => {
        updated.push(b);
        const row = record(b.id, { ...b, pictures: [FAN, NEW] });
        store = [row];
        return row;
      }),
      answer(filesApi.fileDownload, () => undefined),
      answer(filesApi.fileUpload, () => {
        uploads += 1;
        return NEW;
      }),
    );
  });

  it('shows a record’s pictures and uploads another one to it', async () => {
    renderWithClient(<RepairRecordPage />);
    const page = await screen.findByTestId('repair-record-page', {}, SLOW);
    expect(await within(page).findByText('PCS 2', {}, SLOW)).toBeTruthy();
    expect(await within(page).findByTestId(`picture-${FAN.id}`, {}, SLOW)).toBeTruthy();

    fireEvent.click(within(page).getByTestId('repair-record-edit-1'));
    const form = await screen.findByTestId('repair-record-form', {}, SLOW);
    expect(within(form).getByText(/Up to 10 files of at most 10 MB each/)).toBeTruthy();
    const input = within(form)
      .getByTestId('repair-record-pictures')
      .querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'after.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(uploads).toBe(1), SLOW);
    // A program is refused before it is sent.
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'tool.exe')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updated).toHaveLength(1), SLOW);
    expect(updated[0]).toMatchObject({ id: 1, stationId: 5, pictureIds: [FAN.id, NEW.id] });
    expect(uploads).toBe(1);
  }, 60_000);
});
