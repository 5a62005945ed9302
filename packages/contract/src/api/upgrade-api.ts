import { z } from 'zod';
import {
  UPGRADE_PERMS,
  upgradeIdParams,
  upgradeModel,
  upgradePackageCreated,
  upgradePackageFields,
  upgradePackagePage,
  upgradePackagePageBody,
  upgradeTarget,
  upgradeTargetsBody,
  upgradeTaskActionBody,
  upgradeTaskAddBody,
  upgradeTaskDetail,
  upgradeTaskPage,
  upgradeTaskPageBody,
} from '../upgrade';
import { endpointGroup, FILE } from './endpoint';

const read = { perms: [UPGRADE_PERMS.query, UPGRADE_PERMS.run, UPGRADE_PERMS.package] } as const;
const run = { perms: [UPGRADE_PERMS.run], mutates: true } as const;

/**
 * Firmware upgrades in waves (/system/device-upgrade; docs/device-upgrade.md). The first three
 * calls and the device side are fixed by issue 25; every device named is checked against the
 * caller's station scope.
 */
export const upgradeApi = /*#__PURE__*/ endpointGroup('upgrade', {
  upgradePackageAdd: {
    method: 'POST',
    path: '/upgrade/package',
    upload: upgradePackageFields,
    response: upgradePackageCreated,
    access: { perms: [UPGRADE_PERMS.package], mutates: true },
    errors: [409, 413],
    timeoutMs: 600_000,
    summary:
      'Upload a firmware package (multipart/form-data: modelCode, version, notes?, then the part "file", at most 50 MB); its SHA-256 is computed while it streams',
  },
  upgradePackagePage: {
    method: 'POST',
    path: '/upgrade/package/page',
    body: upgradePackagePageBody,
    response: upgradePackagePage,
    access: read,
    summary: 'Firmware packages, newest first: model, version, file, size, SHA-256, tasks that use it',
  },
  upgradePackageDelete: {
    method: 'POST',
    path: '/upgrade/package/delete',
    body: upgradeTaskActionBody,
    response: z.null(),
    access: { perms: [UPGRADE_PERMS.package], mutates: true },
    errors: [409],
    summary: 'Delete a firmware package no task uses',
  },
  upgradeModels: {
    method: 'POST',
    path: '/upgrade/models',
    body: z.strictObject({}),
    response: z.array(upgradeModel),
    access: read,
    summary: 'Device models that have devices in the caller’s stations, with how many',
  },
  upgradeTargets: {
    method: 'POST',
    path: '/upgrade/targets',
    body: upgradeTargetsBody,
    response: z.array(upgradeTarget),
    access: read,
    summary: 'Devices of a model in the caller’s stations, with their current firmware version and whether online',
  },
  upgradeTaskAdd: {
    method: 'POST',
    path: '/upgrade/task/add',
    body: upgradeTaskAddBody,
    response: z.object({ id: z.number().int() }),
    access: run,
    summary:
      'Start (or schedule) an upgrade of the chosen devices to a package in cumulative waves; needs the re-entered password',
  },
  upgradeTaskPage: {
    method: 'POST',
    path: '/upgrade/task/page',
    body: upgradeTaskPageBody,
    response: upgradeTaskPage,
    access: read,
    summary: 'Upgrade tasks, newest first, with their state and device counts (tasks of the caller’s stations)',
  },
  upgradeTask: {
    method: 'GET',
    path: '/upgrade/task/:id',
    params: upgradeIdParams,
    response: upgradeTaskDetail,
    access: read,
    errors: [404],
    summary: 'One upgrade task: state and why, its waves, and every device with state, progress and version',
  },
  upgradeTaskPause: {
    method: 'POST',
    path: '/upgrade/task/pause',
    body: upgradeTaskActionBody,
    response: upgradeTaskDetail,
    access: run,
    errors: [404, 409],
    summary: 'Pause a running task: no further device starts (those upgrading finish)',
  },
  upgradeTaskResume: {
    method: 'POST',
    path: '/upgrade/task/resume',
    body: upgradeTaskActionBody,
    response: upgradeTaskDetail,
    access: run,
    errors: [404, 409],
    summary: 'Resume a paused or halted task: its wave goes on (a halted one past its failure threshold)',
  },
  upgradeTaskCancel: {
    method: 'POST',
    path: '/upgrade/task/cancel',
    body: upgradeTaskActionBody,
    response: upgradeTaskDetail,
    access: run,
    errors: [404, 409],
    summary: 'Cancel a task: devices not started stay as they are; devices upgrading are told to stop',
  },
  upgradeFetch: {
    method: 'GET',
    path: '/upgrade/fetch/:token',
    params: z.object({ token: z.string().min(10).max(512) }),
    response: FILE,
    access: { public: true },
    errors: [403, 416],
    timeoutMs: 600_000,
    summary:
      'A device fetches its firmware (HTTP Range supported): the URL itself authorises that one device for that one upgrade, for a limited time',
  },
});
