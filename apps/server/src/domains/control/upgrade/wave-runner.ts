import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { UPGRADE_DEVICE_TIMEOUT_S } from '@ess/contract';
import type { Db } from '../../../db/client';
import { everyPeriod, type PeriodicJob } from '../../../kernel/periodic-job';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError } from '../../../lib/app-error';
import type { FileService } from '../../platform/files';
import { firmwareDevices } from '../../stations/device';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import { type CommandOutcome, type CommandService, commandOutcomes, deviceLane, platformMessage } from '../command';
import {
  activeTasks,
  endDevice,
  failPending,
  moveTask,
  type PackageRow,
  recordProgress,
  recordReportedVersion,
  startDevice,
  type TaskDeviceRow,
  type TaskRow,
  taskDevices,
} from './upgrade.repository';
import { judgeWave } from './wave-plan';

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** A command never stored this long after its device was marked: the instance died in between. */
const ORPHAN_MS = 30_000;
/** How long a success may wait for the version its ack named to be recorded. */
const VERSION_GRACE_MS = 10_000;
/** Devices started per task and pass: a wave of thousands goes out over a few passes. */
const STARTS_PER_PASS = 200;

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Moves upgrade tasks on (issue 25 part 3): starts due tasks, sends the upgrade command to each
 * pending device of the current wave that is online, settles upgrading devices from their
 * commands' outcomes, and ends a wave by its failure rate — next wave, halt or finish. Every
 * step is a conditional update, so passes on several instances (the periodic pass runs on one,
 * a poke after an answer on the instance that got it) never start a device twice; what a killed
 * instance left (a device marked without its command) is put back.
 */
export class WaveRunner {
  private job: PeriodicJob | null = null;
  private readonly off: (() => void)[] = [];
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly o: {
      db: Db;
      bus: TelemetryBus;
      commands: CommandService;
      files: FileService;
      telemetry: TelemetryRuntime | null;
      /** Where devices reach this platform over HTTP (no trailing slash); asked at each start (the port is known once listening). */
      baseUrl: () => string;
      log: Log;
      everyMs: number;
    },
  ) {}

  start(): void {
    const { db, bus, commands, log, everyMs } = this.o;
    this.job = everyPeriod(
      db,
      'upgrade-waves',
      everyMs,
      () => this.pass(),
      (err) => log.warn({ err }, 'upgrade wave pass failed'),
    );
    this.off.push(
      bus.on('commandAck', ({ ack }) => {
        if (!ack.id.startsWith('upgrade-')) return;
        const write =
          ack.status === 'progress' && ack.progress !== undefined
            ? recordProgress(db, ack.id, Math.floor(ack.progress))
            : ack.status === 'success' && ack.version
              ? recordReportedVersion(db, ack.id, ack.version).then(() => this.poke())
              : undefined;
        write?.catch((err: unknown) => log.warn({ err, commandId: ack.id }, 'upgrade progress not stored'));
      }),
      commands.onSettled((c) => {
        if (c.commandId.startsWith('upgrade-')) this.poke();
      }),
    );
  }

  stop(): void {
    this.job?.stop();
    for (const f of this.off) f();
    this.off.length = 0;
  }

  /** A pass soon on this instance (an answer came, a task was made or moved). */
  poke(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err: unknown) => this.o.log.warn({ err }, 'upgrade wave pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** One pass over every task that may move. */
  async pass(now = new Date()): Promise<void> {
    const { db } = this.o;
    for (const { task: t, pkg } of await activeTasks(db, now)) {
      let task: TaskRow | null = t;
      if (task.state === 'scheduled') task = await moveTask(db, task.id, ['scheduled'], { state: 'running', wave: 1 });
      if (!task) continue;
      const devices = await taskDevices(db, task.id);
      await this.settle(pkg, devices, now);
      if (task.state === 'running') await this.advance(task, pkg, devices, now);
    }
  }

  /** Upgrading devices whose command ended: success (with the package's version), failure, or back to pending. */
  private async settle(pkg: PackageRow, devices: TaskDeviceRow[], now: Date): Promise<void> {
    const { db } = this.o;
    const upgrading = devices.filter((d) => d.state === 'upgrading');
    const outcomes = await commandOutcomes(
      db,
      upgrading.flatMap((d) => (d.commandId ? [d.commandId] : [])),
    );
    // A device whose answer is still awaited may already report the new version in its status
    // message: its answer was lost (the instance that received it was killed before storing it).
    // A success without its version recorded likewise: the device resent its answer on
    // reconnecting before this runner listened for answers (a restart), so the version it named
    // was not stored here; the device's own report stands for it.
    const awaited = upgrading.filter((d) => {
      const o = d.commandId ? outcomes.get(d.commandId) : undefined;
      return (o?.state === 'sent' || o?.state === 'success') && d.version !== pkg.version;
    });
    const running = new Map(
      (
        await firmwareDevices(
          db,
          null,
          awaited.map((d) => d.deviceId),
        )
      ).map((f) => [f.deviceId, f.version]),
    );
    for (const d of upgrading) {
      const reported = d.commandId !== null && awaited.includes(d) && running.get(d.deviceId) === pkg.version;
      if (reported && d.commandId) {
        await recordReportedVersion(db, d.commandId, pkg.version);
        // The command row too: its answer will not come, the device's own report stands for it.
        if (outcomes.get(d.commandId)?.state === 'sent')
          await this.o.commands.settleReported(d.commandId, d.deviceId, pkg.version);
      }
      const end = reported
        ? ({ state: 'success', reasonCode: null, message: null } as const)
        : endOf(d, d.commandId ? outcomes.get(d.commandId) : undefined, pkg.version, now);
      if (!end) continue;
      if (await endDevice(db, d.taskId, d.deviceId, end)) d.state = end.state;
    }
  }

  private async advance(task: TaskRow, pkg: PackageRow, devices: TaskDeviceRow[], now: Date): Promise<void> {
    const { db } = this.o;
    if (now >= task.windowEnd) {
      await failPending(db, task.id, 'offlineUntilWindow', platformMessage('upgradeReasonOffline'));
      if (!devices.some((d) => d.state === 'upgrading')) {
        await moveTask(db, task.id, ['running'], {
          state: 'finished',
          reasonCode: 'windowClosed',
          reason: platformMessage('upgradeReasonWindowClosed', { end: task.windowEnd.toISOString() }),
        });
      }
      return;
    }
    const verdict = judgeWave(devices, task.wave, task.waves.length, task.maxFailurePct);
    if (verdict.kind === 'halt') {
      const reason = platformMessage('upgradeReasonFailureRate', {
        wave: task.wave,
        failed: verdict.failed,
        total: verdict.total,
        pct: Math.round(verdict.pct * 10) / 10,
        max: task.maxFailurePct,
      });
      if (await moveTask(db, task.id, ['running'], { state: 'halted', reasonCode: 'failureRate', reason }))
        this.o.log.info({ task: task.id, wave: task.wave }, 'upgrade task halted on its failure rate');
      return;
    }
    if (verdict.kind === 'finish') {
      await moveTask(db, task.id, ['running'], { state: 'finished' });
      return;
    }
    let wave = task.wave;
    if (verdict.kind === 'next') {
      const moved = await moveTask(db, task.id, ['running'], { state: 'running', wave: wave + 1 });
      if (!moved) return;
      wave = moved.wave;
    }
    await this.startDevices(
      task,
      pkg,
      devices.filter((d) => d.state === 'pending' && d.wave <= wave),
      now,
    );
  }

  /** Sends the upgrade to each online pending device (marked first, so no device gets it twice). */
  private async startDevices(task: TaskRow, pkg: PackageRow, pending: TaskDeviceRow[], now: Date): Promise<void> {
    const { db, telemetry, commands, files, baseUrl, log } = this.o;
    const online = pending.filter((d) => telemetry?.deviceOnline(d.deviceId)).slice(0, STARTS_PER_PASS);
    if (online.length === 0) return;
    const [file] = await files.describeFiles([pkg.fileId]);
    if (!file) return;
    const targets = new Map(
      (
        await firmwareDevices(
          db,
          null,
          online.map((d) => d.deviceId),
        )
      ).map((t) => [t.deviceId, t]),
    );
    for (const d of online) {
      const target = targets.get(d.deviceId);
      if (!target) continue;
      const token = randomBytes(32).toString('base64url');
      const commandId = `upgrade-${randomUUID()}`;
      const expires = new Date(now.getTime() + (UPGRADE_DEVICE_TIMEOUT_S + 600) * 1000);
      if (!(await startDevice(db, task.id, d.deviceId, { commandId, tokenHash: tokenHash(token), expires }))) continue;
      try {
        await commands.issue(
          {
            target: {
              stationId: target.stationId,
              stationCode: target.stationCode,
              deviceId: target.deviceId,
              sn: target.sn,
            },
            origin: 'upgrade',
            lane: deviceLane(d.deviceId),
            upgrade: {
              url: `${baseUrl()}/api/upgrade/fetch/${token}`,
              size: file.size,
              sha256: file.sha256,
              version: pkg.version,
            },
            timeoutS: UPGRADE_DEVICE_TIMEOUT_S,
            commandId,
            issuedBy: task.createdBy,
          },
          'en_US',
        );
      } catch (err) {
        // Another control of the device in flight (409): it waits for the next pass.
        const busy = err instanceof AppError && err.status === 409;
        if (!busy) log.warn({ err, device: d.deviceId }, 'upgrade command not sent');
        await endDevice(db, task.id, d.deviceId, {
          state: busy ? 'pending' : 'failure',
          reasonCode: busy ? null : 'sendFailed',
          message: busy ? null : platformMessage('upgradeReasonSendFailed'),
        });
      }
    }
  }
}

type End = Parameters<typeof endDevice>[3];

/** What an upgrading device's command outcome makes of it; null while it is still under way. */
export function endOf(d: TaskDeviceRow, o: CommandOutcome | undefined, version: string, now: Date): End | null {
  if (!o) {
    const started = d.startTime?.getTime() ?? 0;
    return now.getTime() - started > ORPHAN_MS ? { state: 'pending', reasonCode: null, message: null } : null;
  }
  switch (o.state) {
    case 'pending':
    case 'sent':
      return null;
    case 'success': {
      if (d.version === version) return { state: 'success', reasonCode: null, message: null };
      const at = o.resolvedTime?.getTime() ?? 0;
      if (now.getTime() - at < VERSION_GRACE_MS) return null;
      return {
        state: 'failure',
        reasonCode: 'versionUnchanged',
        message: platformMessage('upgradeReasonVersionUnchanged', { version: d.version ?? '?', expected: version }),
      };
    }
    case 'failure':
      // Offline at the moment of sending: it waits for the device, as a device offline at its wave does.
      if (o.message === platformMessage('commandDeviceOffline'))
        return { state: 'pending', reasonCode: null, message: null };
      return { state: 'failure', reasonCode: 'deviceFailed', message: o.message };
    case 'timeout':
      return {
        state: 'failure',
        reasonCode: 'timedOut',
        message: platformMessage('upgradeReasonTimedOut', { seconds: UPGRADE_DEVICE_TIMEOUT_S }),
      };
    case 'cancelled':
      return { state: 'failure', reasonCode: 'cancelled', message: o.message };
  }
}
