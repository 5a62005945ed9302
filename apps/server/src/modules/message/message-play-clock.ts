import type { Db } from '../../db/client';
import type { MessagesChange } from '../telemetry/telemetry-bus';
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

  start(everyMs = PLAY_CHECK_MS): void {
    this.timer = setInterval(() => void this.check(), everyMs);
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
