import { DEFAULT_TIMEZONE, nextCronRuns, type OrderType, parseCron } from '@ess/contract';
import type { Db } from '../../../db/client';
import { findStation } from '../../stations/station';
import type { OpenedOrder, OpenOrderInput } from '../order';
import { claimScheduleRun, dueSchedules } from './automation.repository';

type Log = { warn: (obj: object, msg: string) => void };

/** How often due schedules are looked for: a run opens its order within this of its minute. */
export const SCHEDULE_POLL_MS = 30_000;

/**
 * Opens the orders of scheduled inspections and cleanings when their cron time comes, on the
 * station's clock. Every instance polls; `claimScheduleRun` gives each run to one of them. A
 * schedule that missed runs (the platform was down) opens one order, then waits for its next
 * time after now, rather than a burst of stale orders. The claim and the order are two steps:
 * an instance that dies between them loses that one run, never doubles it.
 */
export class ScheduleRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly open: (input: OpenOrderInput) => Promise<OpenedOrder>,
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
      if (!s.nextRunAt) continue;
      const cron = parseCron(s.cron);
      const timeZone = (await findStation(this.db, s.stationId))?.timezone ?? DEFAULT_TIMEZONE;
      const [next] = cron.ok ? nextCronRuns(cron.spec, timeZone, now, 1) : [];
      if (!(await claimScheduleRun(this.db, s.id, s.nextRunAt, next === undefined ? null : new Date(next)))) continue;
      try {
        await this.open({
          source: 'scheduled',
          stationId: s.stationId,
          templateId: s.templateId,
          orderType: s.orderType as OrderType,
          title: s.title,
          initiatorId: null,
          plannedTime: s.nextRunAt.getTime(),
        });
        opened++;
      } catch (err) {
        this.log.warn({ err, scheduleId: s.id }, 'work order schedules: the order could not be opened');
      }
    }
    return opened;
  }
}
