import type { Db } from '../db/client';
import { claimPeriod } from './job-lock';

export type PeriodicJob = { stop: () => void };

/**
 * Runs `work` once per period across instances: every instance's timer fires each `everyMs`,
 * and the one that claims the period (claimPeriod) runs it. A failed run is reported to
 * `onError` and tried again the next period; the timer does not hold the process open.
 */
export function everyPeriod(
  db: Db,
  job: string,
  everyMs: number,
  work: () => Promise<unknown>,
  /** Required: a scheduled job that fails where nobody hears of it fails forever. */
  onError: (err: unknown) => void,
): PeriodicJob {
  const timer = setInterval(() => {
    void claimPeriod(db, job, everyMs)
      .then((mine) => (mine ? work() : undefined))
      .catch(onError);
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
