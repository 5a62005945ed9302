import { lastPlayAt, READ_STATUS, type ReceivedMessage } from '@ess/contract';

/** Message id → the play instant last popped up. */
export type ShownPlays = Record<string, number>;

/**
 * The unread messages whose play is due at `now` (a new message, or its next repeat), and what
 * has been shown after popping them. Without a record (a new session) every current play counts
 * as shown: the badge tells of what was there before; only what arrives or repeats later pops up.
 */
export function duePlays(
  list: readonly ReceivedMessage[],
  shown: ShownPlays | null,
  now: number,
): { due: ReceivedMessage[]; shown: ShownPlays } {
  const next: ShownPlays = {};
  const due: ReceivedMessage[] = [];
  for (const m of list) {
    if (m.readStatus !== READ_STATUS.unread) continue;
    const at = lastPlayAt(
      { start: m.createTime, end: m.playEndTime, frequency: m.playFrequency, unit: m.frequencyUnit },
      now,
    );
    const key = String(m.messageId);
    const before = shown?.[key];
    if (at === null) {
      if (before !== undefined) next[key] = before;
      continue;
    }
    next[key] = Math.max(at, before ?? at);
    if (shown !== null && (before === undefined || at > before)) due.push(m);
  }
  return { due, shown: next };
}
