import type { NotifyChannel } from '@ess/contract';
import type { Db } from '../../../db/client';
import { claimNotices, enabledChains, endTasks, insertTasks } from './notify.repository';
import { dispatchRound } from './notify-dispatch';
import { RoundLoop } from './notify-loop';
import { dispatchNotices } from './notify-notice';
import type { NotifyChannels } from './notify-sender';
import { claimRound, tasksFor } from './notify-tasks';
import { testSend } from './notify-test-send';
import type { LogEntry, RaisedAlarm } from './notify-types';

export type { LogEntry, RaisedAlarm } from './notify-types';

type Log = { warn: (obj: object, msg: string) => void };

export type NotifyEngineDeps = {
  db: Db;
  channels: NotifyChannels;
  log: Log;
  /** The clock of every schedule decision; tests move it. */
  now?: () => number;
  /** A raise waits this long before it is sent, so a storm's batches go out as one digest. */
  coalesceMs?: number;
};

/** Due tasks claimed per round. */
const CLAIM_BATCH = 5_000;

/**
 * Sends alarm notifications along escalation chains (告警通知). Raised alarms become tasks
 * (event × chain) with a next-due time in the database (notify-tasks.ts); rounds run on a timer
 * and shortly after raises (notify-loop.ts), each claiming the due tasks and sending them
 * (notify-dispatch.ts): per round one recipient gets one message per channel and station — a
 * single alarm, or a digest of all of them — after quiet hours and the station's rate limit,
 * and every outcome is logged.
 */
export class NotifyEngine {
  private readonly now: () => number;
  private readonly loop: RoundLoop;

  constructor(private readonly deps: NotifyEngineDeps) {
    this.now = deps.now ?? Date.now;
    this.loop = new RoundLoop({
      db: deps.db,
      round: () => this.round(),
      batch: CLAIM_BATCH,
      coalesceMs: deps.coalesceMs ?? 2_000,
      log: deps.log,
    });
  }

  /** Starts the timer loop (every `tickMs`; 0 = none, ticks only on raises and explicit calls). */
  start(tickMs: number): void {
    this.loop.start(tickMs);
  }

  close(): Promise<void> {
    return this.loop.close();
  }

  /** Input port: alarms were raised. Creates their tasks; the first round goes out after the coalescing pause. */
  async onAlarmRaised(events: readonly RaisedAlarm[]): Promise<void> {
    if (events.length === 0) return;
    const rows = tasksFor(events, await enabledChains(this.deps.db));
    await insertTasks(this.deps.db, rows);
    if (rows.length > 0) this.loop.soon();
  }

  /** Input port: alarms were confirmed; their repeats and escalations stop. */
  async onAlarmsConfirmed(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await endTasks(this.deps.db, ids);
  }

  /** Input port: alarms recovered by themselves; chains with `stopOnRecovery` stop. */
  async onAlarmRecovered(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await endTasks(this.deps.db, ids, true);
  }

  /** Sends everything due now; one run at a time (a call during a run waits for one more run). */
  tick(): Promise<void> {
    return this.loop.tick();
  }

  /** A test message to one user on one channel, logged like the rest. */
  testSend(userId: number, channel: NotifyChannel): Promise<LogEntry> {
    return testSend(this.deps, userId, channel, this.now());
  }

  /** Which channels can deliver (e-mail and SMS need their environment). */
  channelsOn(): Record<NotifyChannel, boolean> {
    const c = this.deps.channels;
    return { email: Boolean(c.email), sms: Boolean(c.sms), inapp: Boolean(c.inapp) };
  }

  /**
   * Claims one batch of due tasks and sends their round, then one batch of raised notices
   * (notify-notice.ts). Returns the larger batch claimed: a full one means more may be due.
   */
  private async round(): Promise<number> {
    const now = this.now();
    const { claimed, fired } = await claimRound(this.deps.db, now, CLAIM_BATCH);
    if (fired.length > 0) await dispatchRound(this.deps, fired, now);
    const notices = await claimNotices(this.deps.db, now, CLAIM_BATCH);
    await dispatchNotices(this.deps, notices, now);
    return Math.max(claimed, notices.length);
  }
}
