import { REMOTE_FILE_PERMS, type RemoteFileRow, remoteFileApi, shellApi, type TransferRow } from '@ess/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { REMOTE_FILES_LOCALE } from '../locale';
import { RemoteFilesPage } from './remote-files-page';

const EN = REMOTE_FILES_LOCALE.en_US.remoteFiles;
const SLOW = { timeout: 5000 };
const sha = 'ab'.repeat(32);
const file: RemoteFileRow = {
  id: '6f0c3b7e-2c1a-4f43-9d7e-0a4c1f3b2d10',
  name: 'PCS-1-device.log',
  size: 2048,
  sha256: sha,
  contentType: 'text/plain; charset=utf-8',
  uploadedBy: 'maint',
  createdAt: Date.now(),
  fromDevice: 'PCS-1',
};
const pushed: TransferRow = {
  id: 3,
  direction: 'push',
  deviceId: 9,
  deviceSn: 'PCS-1',
  path: 'etc/pcs.conf',
  fileId: file.id,
  fileName: 'pcs.conf',
  size: 10,
  sha256: sha,
  deviceSha256: sha,
  state: 'success',
  message: null,
  createdBy: 'maint',
  createdAt: Date.now(),
  endedAt: Date.now(),
};

describe('remote files page', () => {
  beforeEach(() => {
    apiServer.use(
      answer(shellApi.dictTypeAll, []),
      answer(remoteFileApi.remoteFilePage, { rows: [file], total: 1 }),
      answer(remoteFileApi.remoteTransferPage, { rows: [pushed], total: 1 }),
    );
  });

  it('lists the station’s files with their source and the transfers with their verified checksum', async () => {
    apiServer.use(...sessionHandlers(Object.values(REMOTE_FILE_PERMS)));
    renderWithClient(<RemoteFilesPage />);
    const files = await screen.findByTestId('remote-files', {}, SLOW);
    await waitFor(() => expect(files.textContent).toContain('PCS-1-device.log'), SLOW);
    expect(files.textContent).toContain('Device PCS-1');
    const moves = screen.getByTestId('remote-transfers');
    await waitFor(() => expect(moves.textContent).toContain('etc/pcs.conf'), SLOW);
    expect(moves.textContent).toContain(EN.checksumMatch);
    expect(moves.textContent).toContain(EN.state.success);
    expect(screen.getByTestId('remote-file-upload')).toBeTruthy();
    expect(screen.getByTestId('remote-file-pull')).toBeTruthy();
  }, 60_000);

  it('offers a reader neither upload nor transfers', async () => {
    apiServer.use(...sessionHandlers([REMOTE_FILE_PERMS.query]));
    renderWithClient(<RemoteFilesPage />);
    const files = await screen.findByTestId('remote-files', {}, SLOW);
    await waitFor(() => expect(files.textContent).toContain('PCS-1-device.log'), SLOW);
    expect(screen.queryByTestId('remote-file-upload')).toBeNull();
    expect(screen.queryByTestId('remote-file-pull')).toBeNull();
  }, 60_000);
});
