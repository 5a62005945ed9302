import { DEFAULT_TIMEZONE, nextCronRuns, type OrderType, parseCron } from '@ess/contract';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { findStation } from '../../stations/station';
import type { OpenedOrder, OpenOrderInput } from '../order';
import { claimScheduleRun, dueSchedules } from './automation.repository';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Opens an order inside the given transaction (the order module's `openOrderIn`); `announce`
 * rings its assignees' bells, once the transaction has committed.
 */
export type OpenOrderIn = (tx: Db, input: OpenOrderInput) => Promise<OpenedOrder & { announce: () => void }>;

/** How often due schedules are looked for: a run opens its order within this of its minute. */
export const SCHEDULE_POLL_MS = 30_000;

/**
 * Opens the orders of scheduled inspections and cleanings when their cron time comes, on the
 * station's clock. Every instance polls; `claimScheduleRun` gives each run to one of them. A
 * schedule that missed runs (the platform was down) opens one order, then waits for its next
 * time after now, rather than a burst of stale orders.
 *
 * The claim and the order commit together, in one transaction: an instance that dies (or
 * fails) between them leaves the run unclaimed, and the next poll of any instance opens it, so
 * a run is neither lost nor doubled. The one exception is a refusal (the template, station or
 * executors are gone): retrying cannot help, so the claim commits without an order and the
 * refusal is logged.
 */
export class ScheduleRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly open: OpenOrderIn,
    private readonly clock: () => number,
    private readonly log: Log,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => {
      this.running = this.runDue().catch((err: unknown) =>
        this.log.warn({ err }, 'work order schedules: round failed'),
      );
    }, SCHEDULE_POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round: every due schedule this instance claims opens its order. Returns the orders opened. */
  async runDue(): Promise<number> {
    const now = this.clock();
    let opened = 0;
    for (const s of await dueSchedules(this.db, new Date(now))) {
      const run = s.nextRunAt;
      if (!run) continue;
      const cron = parseCron(s.cron);
      const timeZone = (await findStation(this.db, s.stationId))?.timezone ?? DEFAULT_TIMEZONE;
      const [next] = cron.ok ? nextCronRuns(cron.spec, timeZone, now, 1) : [];
      const input: OpenOrderInput = {
        source: 'scheduled',
        stationId: s.stationId,
        templateId: s.templateId,
        orderType: s.orderType as OrderType,
        title: s.title,
        initiatorId: null,
        plannedTime: run.getTime(),
      };
      try {
        const created = await this.db.transaction(async (tx) => {
          // Another instance's claim in flight holds the row: this waits for it, then finds the run gone.
          if (!(await claimScheduleRun(tx, s.id, run, next === undefined ? null : new Date(next)))) return null;
          try {
            // A savepoint: a refused order undoes its own writes and leaves the claim to commit.
            return await tx.transaction((inner) => this.open(inner, input));
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            this.log.warn({ err, scheduleId: s.id, run }, 'work order schedules: the order was refused; run skipped');
            return null;
          }
        });
        if (created) {
          created.announce();
          opened++;
        }
      } catch (err) {
        this.log.warn({ err, scheduleId: s.id }, 'work order schedules: the run failed and stays due');
      }
    }
    return opened;
  }
}
