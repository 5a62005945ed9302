import { z } from 'zod';
import { controlPassword } from './control-auth';
import { type Names, names } from './i18n';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';
import { epochMs } from './time-schema';

/**
 * Firmware upgrades in waves (issue 25 part 3, /system/device-upgrade; docs/device-upgrade.md).
 * A package is a firmware file of one device model and version; a task rolls it out to chosen
 * devices in cumulative waves, each started only when the previous one ended under the task's
 * failure threshold.
 */
export const UPGRADE_PERMS = {
  query: 'sys:deviceUpgrade:query',
  /** Upload and delete firmware packages. */
  package: 'sys:upgrade:package',
  /** Start, pause, resume and cancel upgrade tasks. */
  run: 'sys:upgrade:run',
} as const;

export const UPGRADE_TASK_STATES = ['scheduled', 'running', 'paused', 'halted', 'finished', 'cancelled'] as const;
export type UpgradeTaskState = (typeof UPGRADE_TASK_STATES)[number];
export const UPGRADE_TASK_STATE_NAMES: Record<UpgradeTaskState, Names> = {
  scheduled: names('待开始', 'scheduled', 'programada', '予定'),
  running: names('进行中', 'running', 'en curso', '実行中'),
  paused: names('已暂停', 'paused', 'en pausa', '一時停止'),
  halted: names('已自动停止', 'halted', 'detenida', '自動停止'),
  finished: names('已完成', 'finished', 'terminada', '完了'),
  cancelled: names('已取消', 'cancelled', 'cancelada', '取消済み'),
};
/** The verbs of the task actions, for the refusal "the task is … : it cannot be …". */
export const UPGRADE_ACTION_NAMES: Record<'pause' | 'resume' | 'cancel', Names> = {
  pause: names('暂停', 'paused', 'pausar', '一時停止'),
  resume: names('继续', 'resumed', 'reanudar', '再開'),
  cancel: names('取消', 'cancelled', 'cancelar', '取り消し'),
};
/** Tasks in these states roll on or may again (the others are over). */
export const UPGRADE_OPEN_STATES = ['scheduled', 'running', 'paused', 'halted'] as const satisfies UpgradeTaskState[];
export function isUpgradeOpen(state: UpgradeTaskState): boolean {
  return (UPGRADE_OPEN_STATES as readonly UpgradeTaskState[]).includes(state);
}

/** Spec 4: upgrading → success | failure; pending until its wave reaches it. */
export const UPGRADE_DEVICE_STATES = ['pending', 'upgrading', 'success', 'failure'] as const;
export type UpgradeDeviceState = (typeof UPGRADE_DEVICE_STATES)[number];

export const UPGRADE_WAVE_STATES = ['waiting', 'running', 'done', 'halted', 'cancelled'] as const;
export type UpgradeWaveState = (typeof UPGRADE_WAVE_STATES)[number];

/** Why a task halted or a device failed, as a code the page words in its language. */
export const UPGRADE_REASONS = [
  'failureRate',
  'windowClosed',
  'offlineUntilWindow',
  'versionUnchanged',
  'deviceFailed',
  'timedOut',
  'cancelled',
  'sendFailed',
] as const;
export type UpgradeReason = (typeof UPGRADE_REASONS)[number];

export const UPGRADE_DEFAULT_WAVES = [1, 10, 100] as const;
/** Largest firmware file (spec 5: a file of at most 50 MB). */
export const FIRMWARE_MAX_BYTES = 50 * 1024 * 1024;
/** Devices one task may target. */
export const UPGRADE_MAX_DEVICES = 5_000;
/** How long a device has for one upgrade (download, verify, apply, restart) before it counts as failed. */
export const UPGRADE_DEVICE_TIMEOUT_S = 1_800;
/** How long an upgrade task's window stays open by default after its start. */
export const UPGRADE_WINDOW_HOURS = 24;

const version = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[0-9A-Za-z][0-9A-Za-z._+-]*$/, 'letters, digits and . _ + -');

/** Text fields of `POST /api/upgrade/package` (multipart), sent before the part `file`. */
export const upgradePackageFields = z.object({
  modelCode: z.string().trim().min(1).max(64),
  version,
  notes: z.string().trim().max(2000).optional(),
});
export type UpgradePackageFields = z.infer<typeof upgradePackageFields>;

export const upgradePackageCreated = z.object({ id: z.number().int(), sha256: z.string(), size: z.number().int() });

export const upgradePackageRow = z.object({
  id: z.number().int(),
  modelCode: z.string(),
  version: z.string(),
  notes: z.string().nullable(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdBy: z.string().nullable(),
  createdAt: epochMs,
  /** Tasks that use it: a package in use is not deleted. */
  tasks: z.number().int(),
});
export type UpgradePackageRow = z.infer<typeof upgradePackageRow>;
export const upgradePackagePageBody = pageQuery(['createdAt', 'version'], {
  modelCode: searchText(),
});
export const upgradePackagePage = pageOf(upgradePackageRow);
export const upgradeIdParams = z.object({ id: rowId });

export const upgradeModel = z.object({ code: z.string(), name: z.string(), devices: z.number().int() });
export type UpgradeModel = z.infer<typeof upgradeModel>;

/** Devices an upgrade may target: of the package's model, in scope, filtered by station and current version. */
export const upgradeTargetsBody = z.strictObject({
  modelCode: z.string().trim().min(1).max(64),
  stationId: rowId.optional(),
  /** Only devices that report this version now ("" for devices that reported none). */
  currentVersion: z.string().trim().max(40).optional(),
});
export const upgradeTarget = z.object({
  deviceId: z.number().int(),
  sn: z.string(),
  name: z.string(),
  stationId: z.number().int(),
  stationName: z.string(),
  version: z.string().nullable(),
  online: z.boolean(),
});
export type UpgradeTarget = z.infer<typeof upgradeTarget>;

const waves = z
  .array(z.number().int().min(1).max(100))
  .min(1)
  .max(10)
  .refine((w) => w.every((p, i) => i === 0 || p > (w[i - 1] ?? 0)), 'increasing cumulative percentages')
  .refine((w) => w[w.length - 1] === 100, 'the last wave is 100');

/** `POST /api/upgrade/task/add` (issue 25 "Calls fixed now"); `password, aesKey, iv` sealed as at sign-in. */
export const upgradeTaskAddBody = controlPassword.extend({
  packageId: rowId,
  deviceIds: z.array(rowId).min(1).max(UPGRADE_MAX_DEVICES),
  waves: waves.default([...UPGRADE_DEFAULT_WAVES]),
  maxFailurePct: z.number().min(0).max(100),
  /** Epoch ms; absent: now. */
  startAt: epochMs.optional(),
  reason: z.string().trim().min(1).max(500),
});
export type UpgradeTaskAddBody = z.input<typeof upgradeTaskAddBody>;

export const upgradeTaskWave = z.object({ pct: z.number().int(), state: z.enum(UPGRADE_WAVE_STATES) });
export const upgradeTaskDevice = z.object({
  deviceId: z.number().int(),
  sn: z.string(),
  stationId: z.number().int(),
  wave: z.number().int(),
  state: z.enum(UPGRADE_DEVICE_STATES),
  /** Download progress 0–100. */
  progress: z.number().int(),
  /** Reported by the device: before the upgrade, then after it. */
  version: z.string().nullable(),
  message: z.string().nullable(),
  reasonCode: z.enum(UPGRADE_REASONS).nullable(),
});
export type UpgradeTaskDevice = z.infer<typeof upgradeTaskDevice>;

/** `GET /api/upgrade/task/{id}`. */
export const upgradeTaskDetail = z.object({
  id: z.number().int(),
  state: z.enum(UPGRADE_TASK_STATES),
  /** Why it halted, was cancelled or ended as it did, in words. */
  reason: z.string().optional(),
  reasonCode: z.enum(UPGRADE_REASONS).nullable(),
  packageId: z.number().int(),
  modelCode: z.string(),
  version: z.string(),
  maxFailurePct: z.number(),
  startAt: epochMs,
  windowEnd: epochMs,
  /** What the operator gave as the reason for the upgrade. */
  purpose: z.string(),
  createdBy: z.string().nullable(),
  createdAt: epochMs,
  waves: z.array(upgradeTaskWave),
  devices: z.array(upgradeTaskDevice),
});
export type UpgradeTaskDetail = z.infer<typeof upgradeTaskDetail>;

export const upgradeTaskRow = z.object({
  id: z.number().int(),
  state: z.enum(UPGRADE_TASK_STATES),
  reasonCode: z.enum(UPGRADE_REASONS).nullable(),
  modelCode: z.string(),
  version: z.string(),
  purpose: z.string(),
  startAt: epochMs,
  createdBy: z.string().nullable(),
  createdAt: epochMs,
  devices: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Waves started so far, of all. */
  wave: z.number().int(),
  waves: z.number().int(),
});
export type UpgradeTaskRow = z.infer<typeof upgradeTaskRow>;
export const upgradeTaskPageBody = pageQuery(['createdAt', 'startAt'], {
  state: z.enum(UPGRADE_TASK_STATES).optional(),
});
export const upgradeTaskPage = pageOf(upgradeTaskRow);

export const upgradeTaskActionBody = z.strictObject({ id: rowId });
export type UpgradeTaskAction = 'pause' | 'resume' | 'cancel';

/** The `upgrade` part of a device's `cmd` payload (docs/device-protocol.md "Firmware upgrade"). */
export const upgradeOrder = z.object({
  url: z.string().min(1).max(2048),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  version: z.string().min(1).max(40),
});
export type UpgradeOrder = z.infer<typeof upgradeOrder>;
