import {
  type Lang,
  UPGRADE_ACTION_NAMES,
  UPGRADE_OPEN_STATES,
  UPGRADE_TASK_STATE_NAMES,
  UPGRADE_WINDOW_HOURS,
  type UpgradeTarget,
  type UpgradeTaskAction,
  type UpgradeTaskDetail,
  type UpgradeTaskRow,
  type UpgradeTaskState,
  type upgradeTaskAddBody,
} from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { stationIdsInScope } from '../../../kernel/station-scope.service';
import { notFound, refusal } from '../../../lib/app-error';
import { pageSlice } from '../../../lib/paging';
import type { SessionUser } from '../../../lib/types';
import type { AuthService, Caller } from '../../access/auth';
import { userNames } from '../../access/user';
import { firmwareCandidates, firmwareDevices, firmwareModels } from '../../stations/device';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import { type CommandService, platformMessage, readMessage } from '../command';
import {
  devicesInOpenTasks,
  findPackage,
  findTask,
  insertTask,
  moveTask,
  taskDevices,
  taskPage,
  taskStations,
} from './upgrade.repository';
import { assignWaves, waveStates } from './wave-plan';
import type { WaveRunner } from './wave-runner';

type AddBody = z.output<typeof upgradeTaskAddBody>;
type PageBody = {
  pageNum: number;
  pageSize: number;
  orderBy?: 'createdAt' | 'startAt';
  order?: 'asc' | 'desc';
  state?: UpgradeTaskState;
};

/** A scheduled start this far in the past is a mistake, not "now". */
const PAST_SLACK_MS = 5 * 60_000;

/** From which states each action moves a task, and where to. */
const MOVES: Record<UpgradeTaskAction, { from: UpgradeTaskState[]; to: UpgradeTaskState }> = {
  pause: { from: ['running', 'scheduled'], to: 'paused' },
  resume: { from: ['paused', 'halted'], to: 'running' },
  cancel: { from: [...UPGRADE_OPEN_STATES], to: 'cancelled' },
};

/** Upgrade tasks: made with the re-entered password, read and moved within the caller's station scope. */
export class TaskService {
  constructor(
    private readonly o: {
      db: Db;
      auth: AuthService;
      commands: CommandService;
      runner: WaveRunner;
      telemetry: TelemetryRuntime | null;
    },
  ) {}

  async add(body: AddBody, user: SessionUser, caller: Caller): Promise<{ id: number }> {
    const { db, auth, runner } = this.o;
    await auth.confirmPassword(user, { password: body.password, aesKey: body.aesKey, iv: body.iv }, caller);
    const pkg = await findPackage(db, body.packageId);
    if (!pkg) throw notFound('upgradePackageNotFound');
    const ids = [...new Set(body.deviceIds)];
    const found = (await firmwareDevices(db, user, ids)).filter((d) => d.modelCode === pkg.modelCode);
    if (found.length !== ids.length)
      throw refusal('upgradeDevicesRefused', 400, { count: ids.length - found.length, model: pkg.modelCode });
    const waves = assignWaves(found.length, body.waves);
    if (!waves) throw refusal('upgradeTooFewDevices', 400, { waves: body.waves.length, count: found.length });
    const now = Date.now();
    const startAt = body.startAt ?? now;
    if (startAt < now - PAST_SLACK_MS) throw refusal('upgradeStartPast');
    const id = await db.transaction(async (tx) => {
      // One task at a time per device: adds are serialised, so two cannot both find a device free.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('upgrade-task-add'))`);
      const busy = await devicesInOpenTasks(tx, ids);
      if (busy.length > 0) {
        const sn = found.find((d) => d.deviceId === busy[0])?.sn ?? '';
        throw refusal('upgradeDevicesBusy', 409, { count: busy.length, sn });
      }
      return insertTask(
        tx,
        {
          packageId: pkg.id,
          waves: body.waves,
          maxFailurePct: body.maxFailurePct,
          startAt: new Date(startAt),
          windowEnd: new Date(startAt + UPGRADE_WINDOW_HOURS * 3_600_000),
          purpose: body.reason,
          state: startAt > now ? 'scheduled' : 'running',
          wave: startAt > now ? 0 : 1,
          createdBy: user.userId,
        },
        found.map((d, i) => ({
          deviceId: d.deviceId,
          stationId: d.stationId,
          wave: waves[i] ?? 1,
          version: d.version,
        })),
      );
    });
    runner.poke();
    return { id };
  }

  models(user: SessionUser, lang: Lang) {
    return firmwareModels(this.o.db, user, lang);
  }

  /** Devices of a model in the caller's stations, with their firmware and whether online now. */
  async targets(
    body: { modelCode: string; stationId?: number; currentVersion?: string },
    user: SessionUser,
  ): Promise<UpgradeTarget[]> {
    const { db, telemetry } = this.o;
    const rows = await firmwareCandidates(db, user, {
      modelCode: body.modelCode,
      ...(body.stationId !== undefined ? { stationId: body.stationId } : {}),
      ...(body.currentVersion !== undefined ? { version: body.currentVersion } : {}),
    });
    return rows.map((d) => ({
      deviceId: d.deviceId,
      sn: d.sn,
      name: d.name,
      stationId: d.stationId,
      stationName: d.stationName,
      version: d.version,
      online: telemetry?.deviceOnline(d.deviceId) ?? false,
    }));
  }

  /** The task if every station of its devices is in the caller's scope; else 404 as if it did not exist. */
  private async visible(id: number, user: SessionUser) {
    const { db } = this.o;
    const row = await findTask(db, id);
    if (!row) throw notFound('upgradeTaskNotFound');
    if (!user.isAdmin) {
      const scope = new Set(await stationIdsInScope(db, user));
      if (!(await taskStations(db, id)).every((s) => scope.has(s))) throw notFound('upgradeTaskNotFound');
    }
    return row;
  }

  async get(id: number, user: SessionUser, lang: Lang): Promise<UpgradeTaskDetail> {
    const { db } = this.o;
    const { task, pkg } = await this.visible(id, user);
    const names = await userNames(db, [task.createdBy]);
    const devices = await taskDevices(db, id);
    const sns = new Map(
      (
        await firmwareDevices(
          db,
          null,
          devices.map((d) => d.deviceId),
        )
      ).map((d) => [d.deviceId, d.sn]),
    );
    const states = waveStates(task, task.waves, devices);
    const reason = readMessage(task.reason, lang);
    return {
      id: task.id,
      state: task.state,
      ...(reason ? { reason } : {}),
      reasonCode: task.reasonCode,
      packageId: pkg.id,
      modelCode: pkg.modelCode,
      version: pkg.version,
      maxFailurePct: task.maxFailurePct,
      startAt: task.startAt.getTime(),
      windowEnd: task.windowEnd.getTime(),
      purpose: task.purpose,
      createdBy: task.createdBy === null ? null : (names.get(task.createdBy) ?? null),
      createdAt: task.createTime.getTime(),
      waves: task.waves.map((pct, i) => ({ pct, state: states[i] ?? 'waiting' })),
      devices: devices.map((d) => ({
        deviceId: d.deviceId,
        sn: sns.get(d.deviceId) ?? '',
        stationId: d.stationId,
        wave: d.wave,
        state: d.state,
        progress: d.progress,
        version: d.version,
        message: readMessage(d.message, lang),
        reasonCode: d.reasonCode,
      })),
    };
  }

  async page(body: PageBody, user: SessionUser): Promise<{ rows: UpgradeTaskRow[]; total: number }> {
    const { db } = this.o;
    const stationIds = user.isAdmin ? null : await stationIdsInScope(db, user);
    const { rows, total } = await taskPage(db, { ...body, stationIds, ...pageSlice(body) });
    const names = await userNames(
      db,
      rows.map((r) => r.task.createdBy),
    );
    return {
      total,
      rows: rows.map((r) => ({
        id: r.task.id,
        state: r.task.state,
        reasonCode: r.task.reasonCode,
        modelCode: r.modelCode,
        version: r.version,
        purpose: r.task.purpose,
        startAt: r.task.startAt.getTime(),
        createdBy: r.task.createdBy === null ? null : (names.get(r.task.createdBy) ?? null),
        createdAt: r.task.createTime.getTime(),
        devices: r.devices,
        succeeded: r.succeeded,
        failed: r.failed,
        wave: r.task.wave,
        waves: r.task.waves.length,
      })),
    };
  }

  /**
   * Pause (no further device starts), resume (a halted task goes on with its next wave: the
   * operator judged the failures) or cancel (devices upgrading are told to stop).
   */
  async move(action: UpgradeTaskAction, id: number, user: SessionUser, lang: Lang): Promise<UpgradeTaskDetail> {
    const { db, commands, runner } = this.o;
    const { task } = await this.visible(id, user);
    const move = MOVES[action];
    const who = user.username;
    const next =
      action === 'resume' && task.state === 'halted'
        ? { state: move.to, wave: Math.min(task.wave + 1, task.waves.length), reasonCode: null, reason: null }
        : action === 'resume' && task.wave === 0
          ? task.startAt.getTime() > Date.now()
            ? { state: 'scheduled' as const }
            : { state: move.to, wave: 1 }
          : action === 'cancel'
            ? {
                state: move.to,
                reasonCode: 'cancelled' as const,
                reason: platformMessage('upgradeReasonCancelled', { user: who }),
              }
            : { state: move.to };
    const moved = await moveTask(db, id, move.from, next);
    if (!moved)
      throw refusal('upgradeTaskStateWrong', 409, {
        state: UPGRADE_TASK_STATE_NAMES[task.state][lang],
        action: UPGRADE_ACTION_NAMES[action][lang],
      });
    if (action === 'cancel') {
      for (const d of await taskDevices(db, id)) {
        if (d.state !== 'upgrading' || !d.commandId) continue;
        await commands.cancelByCommandId(d.commandId, who, lang);
      }
    }
    runner.poke();
    return this.get(id, user, lang);
  }
}
