import type { Db } from '../../../db/client';
import {
  claimDueTasks,
  type DueTask,
  type EventState,
  enabledChains,
  eventStates,
  moveTasks,
  type TaskInsert,
  type TaskMove,
} from './notify.repository';
import { currentStep, nextDue } from './notify-schedule';
import type { Chain, Fired, RaisedAlarm } from './notify-types';

/** What is due: tasks (event × chain) made from raises, and claiming the due ones round by round. */

/** One task per raised event and enabled chain covering its level and station, due at the first step. */
export function tasksFor(events: readonly RaisedAlarm[], chains: readonly Chain[]): TaskInsert[] {
  const rows: TaskInsert[] = [];
  for (const e of events) {
    for (const c of chains) {
      if (!c.levels.includes(e.level)) continue;
      if (c.stationIds.length > 0 && !c.stationIds.includes(e.stationId)) continue;
      const first = c.steps[0];
      if (!first) continue;
      rows.push({
        eventId: e.id,
        chainId: c.id,
        stationId: e.stationId,
        raisedAt: new Date(e.raisedAt),
        nextDueAt: new Date(e.raisedAt + first.delayMinutes * 60_000),
      });
    }
  }
  return rows;
}

/**
 * Claims up to `limit` due tasks and moves each to its next-due time in the same transaction,
 * before anything is sent: a restart or a second instance never sends a round twice (a crash
 * between claim and send loses that round; the next repeat still comes). Returns how many were
 * claimed and the steps that fire now.
 */
export async function claimRound(db: Db, now: number, limit: number): Promise<{ claimed: number; fired: Fired[] }> {
  return db.transaction(async (tx) => {
    const due = await claimDueTasks(tx, now, limit);
    if (due.length === 0) return { claimed: 0, fired: [] };
    const chains = await enabledChains(tx, [...new Set(due.map((d) => d.chainId))]);
    const states = await eventStates(tx, [...new Set(due.map((d) => d.eventId))]);
    const { moves, fired } = advance(due, chains, states, now);
    await moveTasks(tx, moves);
    return { claimed: due.length, fired };
  });
}

/**
 * Each claimed task's step in force and next-due time. A task ends when its chain is gone or
 * disabled, its event confirmed, or recovered on a chain that stops on recovery.
 */
function advance(
  due: DueTask[],
  chainList: Chain[],
  stateList: EventState[],
  now: number,
): { moves: TaskMove[]; fired: Fired[] } {
  const chains = new Map(chainList.map((c) => [c.id, c]));
  const states = new Map(stateList.map((s) => [s.facts.id, s]));
  const moves: TaskMove[] = [];
  const fired: Fired[] = [];
  for (const d of due) {
    const chain = chains.get(d.chainId);
    const s = states.get(d.eventId);
    if (!chain || !s || s.confirmed || (s.recovered && chain.stopOnRecovery)) {
      moves.push({ e: d.eventId, c: d.chainId, next: null, fired: false });
      continue;
    }
    const raisedAt = d.raisedAt.getTime();
    const step = currentStep(chain.steps, now - raisedAt);
    if (step >= 0) fired.push({ chain, step, event: s.facts });
    moves.push({ e: d.eventId, c: d.chainId, next: nextDue(chain.steps, raisedAt, now), fired: step >= 0 });
  }
  return { moves, fired };
}
