import type { Db } from '../../../db/client';
import { claimPeriod } from '../../../kernel/job-lock';
import type { MessagesChange } from '../../../kernel/telemetry-bus';
import { playEdgeBetween } from './message.repository';

/** How often timed messages are checked for starting or ending (the bells' poll is 60 s). */
export const PLAY_CHECK_MS = 15_000;

/**
 * Timed messages start and end without anyone calling the server: every PLAY_CHECK_MS this looks
 * for a play window that opened or closed since the last look and, if one did, tells the live
 * sockets so the bells refetch at once rather than at their next poll.
 */
export class MessagePlayClock {
  private timer: NodeJS.Timeout | null = null;
  private last: number;
  private checking = false;

  constructor(
    private readonly db: Db,
    private readonly changed: (change: MessagesChange) => void,
    private readonly clock: () => number = Date.now,
  ) {
    this.last = clock();
  }

  /**
   * Every instance keeps the timer and one of them looks each period; the cluster relay tells
   * the other instances' sockets. A skipped instance keeps its `last`, so when it looks again
   * (the other stopped) no edge is missed, at worst one is told twice.
   */
  start(everyMs = PLAY_CHECK_MS): void {
    this.timer = setInterval(() => {
      claimPeriod(this.db, 'message-play-clock', everyMs)
        .catch(() => true)
        .then((mine) => (mine ? this.check() : undefined));
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One look (also called by tests with a controlled clock). */
  async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const now = this.clock();
      if (await playEdgeBetween(this.db, new Date(this.last), new Date(now))) this.changed({ userIds: null });
      this.last = now;
    } catch {
      // A failed look is retried over the same span next time; the 60 s poll covers meanwhile.
    } finally {
      this.checking = false;
    }
  }
}
