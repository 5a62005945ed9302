import { shellApi, UPGRADE_PERMS, type UpgradeTaskDetail, type UpgradeTaskRow, upgradeApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { DEVICE_UPGRADE_LOCALE } from '../locale';
import { DeviceUpgradePage } from './device-upgrade-page';

const EN = DEVICE_UPGRADE_LOCALE.en_US.deviceUpgrade;
const SLOW = { timeout: 5000 };
const row: UpgradeTaskRow = {
  id: 7,
  state: 'halted',
  reasonCode: 'failureRate',
  modelCode: 'PCS-1250',
  version: '2.1.0',
  purpose: 'grid code',
  startAt: Date.now() - 60_000,
  createdBy: 'maint',
  createdAt: Date.now() - 60_000,
  devices: 3,
  succeeded: 1,
  failed: 1,
  wave: 2,
  waves: 3,
};
const detail: UpgradeTaskDetail = {
  id: 7,
  state: 'halted',
  reason: 'Wave 2: 1 of 1 devices failed (100 %), over the 0 % allowed — the task halted itself',
  reasonCode: 'failureRate',
  packageId: 1,
  modelCode: 'PCS-1250',
  version: '2.1.0',
  maxFailurePct: 0,
  startAt: row.startAt,
  windowEnd: row.startAt + 86_400_000,
  purpose: 'grid code',
  createdBy: 'maint',
  createdAt: row.createdAt,
  waves: [
    { pct: 34, state: 'done' },
    { pct: 67, state: 'halted' },
    { pct: 100, state: 'waiting' },
  ],
  devices: [
    {
      deviceId: 1,
      sn: 'PCS-1',
      stationId: 5,
      wave: 1,
      state: 'success',
      progress: 100,
      version: '2.1.0',
      message: null,
      reasonCode: null,
    },
    {
      deviceId: 2,
      sn: 'PCS-2',
      stationId: 5,
      wave: 2,
      state: 'failure',
      progress: 100,
      version: '1.0.0',
      message: 'checksum mismatch',
      reasonCode: 'deviceFailed',
    },
    {
      deviceId: 3,
      sn: 'PCS-3',
      stationId: 5,
      wave: 3,
      state: 'pending',
      progress: 0,
      version: '1.0.0',
      message: null,
      reasonCode: null,
    },
  ],
};

describe('device upgrade page', () => {
  let resumed: number[];
  beforeEach(() => {
    resumed = [];
    apiServer.use(
      answer(shellApi.dictTypeAll, []),
      answer(upgradeApi.upgradeTaskPage, { rows: [row], total: 1 }),
      answer(upgradeApi.upgradePackagePage, { rows: [], total: 0 }),
      answer(upgradeApi.upgradeTask, detail),
      answer(upgradeApi.upgradeTaskResume, (b) => {
        resumed.push(Number(b.id));
        return { ...detail, state: 'running' as const };
      }),
    );
  });

  it('lists a halted task; its detail says why, per wave and device; an operator may resume it', async () => {
    apiServer.use(...sessionHandlers(Object.values(UPGRADE_PERMS)));
    renderWithClient(<DeviceUpgradePage />);
    const tasks = await screen.findByTestId('upgrade-tasks', {}, SLOW);
    await waitFor(() => expect(tasks.textContent).toContain('PCS-1250 · 2.1.0'), SLOW);
    expect(within(tasks).getByTestId('upgrade-task-state').textContent).toBe(EN.taskState.halted);
    expect(tasks.textContent).toContain('Wave 2 of 3');
    expect(screen.getByTestId('upgrade-task-add')).toBeTruthy();
    fireEvent.click(screen.getByTestId('upgrade-task-open-7'));
    const shown = await screen.findByTestId('upgrade-task-detail', {}, SLOW);
    expect(screen.getByTestId('upgrade-task-reason-text').textContent).toContain('over the 0 % allowed');
    expect(within(shown).getByTestId('upgrade-task-devices').textContent).toContain('checksum mismatch');
    expect(screen.getByTestId('upgrade-task-waves-steps').textContent).toContain('67% · Halted');
    fireEvent.click(screen.getByTestId('upgrade-task-resume'));
    await waitFor(() => expect(resumed).toEqual([7]), SLOW);
  }, 60_000);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('exports the task list as its columns show it, without the action column', async () => {
    apiServer.use(...sessionHandlers([UPGRADE_PERMS.query]));
    const files: Blob[] = [];
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      files.push(b as Blob);
      return 'blob:tasks';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithClient(<DeviceUpgradePage />);
    const tasks = await screen.findByTestId('upgrade-tasks', {}, SLOW);
    await waitFor(() => expect(tasks.textContent).toContain('PCS-1250 · 2.1.0'), SLOW);
    fireEvent.click(screen.getByTestId('upgrade-tasks-export'));
    await waitFor(() => expect(files).toHaveLength(1), SLOW);
    expect(saved).toEqual([`${EN.tabs.tasks}.csv`]);
    const [header, first] = (await (files[0] as Blob).text()).replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(header?.split(',')).toEqual([
      '#',
      EN.task.state,
      EN.task.package,
      EN.task.devices,
      EN.task.wave,
      EN.task.reason,
      expect.stringContaining(EN.task.startAt),
      EN.task.createdBy,
    ]);
    expect(first).toContain(`7,${EN.taskState.halted},PCS-1250 · 2.1.0`);
    // The devices cell's items apart, as drawn.
    expect(first).toContain('3 1 succeeded 1 failed,Wave 2 of 3');
  }, 60_000);

  it('offers a reader neither a new task nor task actions', async () => {
    apiServer.use(...sessionHandlers([UPGRADE_PERMS.query]));
    renderWithClient(<DeviceUpgradePage />);
    const tasks = await screen.findByTestId('upgrade-tasks', {}, SLOW);
    await waitFor(() => expect(tasks.textContent).toContain('PCS-1250 · 2.1.0'), SLOW);
    expect(screen.queryByTestId('upgrade-task-add')).toBeNull();
    fireEvent.click(screen.getByTestId('upgrade-task-open-7'));
    await screen.findByTestId('upgrade-task-detail', {}, SLOW);
    expect(screen.queryByTestId('upgrade-task-resume')).toBeNull();
  }, 60_000);
});
