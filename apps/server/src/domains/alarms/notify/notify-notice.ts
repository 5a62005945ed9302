import { type Lang, NOTIFY_DEFAULT_RATE, type NotifyChannel } from '@ess/contract';
import type { Db } from '../../../db/client';
import {
  enabledChains,
  insertNotice,
  loadRecipients,
  type NoticeRow,
  quietHoursOf,
  ratesOf,
  roleMembers,
  sentInWindow,
  visibleStations,
  writeLog,
} from './notify.repository';
import { type DispatchDeps, runLimited, SEND_CONCURRENCY, sendLogged } from './notify-dispatch';
import { heldByQuietHours } from './notify-schedule';
import { addressOf, type Chain, type LogEntry, type Recipient } from './notify-types';

/**
 * A station event other than an alarm for the escalation chains to tell: a work order's SLA
 * reminder or breach. Nothing confirms a notice, so it goes once, to the first step of each
 * enabled chain covering its station and level, without that step's delay or repeats.
 */
export type StationNotice = {
  /** The same key raised again (a retried sweep, a second instance) is not told again. */
  key: string;
  stationId: number;
  /** Chains take it as an alarm of this level (1 critical … 4 hint): their levels choose. */
  level: 1 | 2 | 3 | 4;
  /** Subject and body in every language; each recipient reads their own. */
  texts: Record<Lang, { subject: string; text: string }>;
  /** The platform page an in-app notice opens. */
  link: string | null;
  /** Users the raiser already gave an in-app message of it: the in-app channel skips them. */
  toldInApp: readonly number[];
  at: number;
};

/**
 * The input port for notices: stores the notice (once per key; false when the key was raised
 * before) for the notification rounds, which send it at their next run on whichever instance.
 * A stored notice survives a restart before its round.
 */
export function raiseNotice(db: Db, n: StationNotice): Promise<boolean> {
  return insertNotice(db, {
    key: n.key,
    stationId: n.stationId,
    level: n.level,
    texts: n.texts,
    link: n.link,
    toldInApp: [...new Set(n.toldInApp)],
    raisedAt: new Date(n.at),
  });
}

type Reach = { user: Recipient; channel: NotifyChannel; chainId: number };

const covers = (c: Chain, n: NoticeRow) =>
  c.levels.includes(n.level) && (c.stationIds.length === 0 || c.stationIds.includes(n.stationId));

/** Each recipient and channel once per notice, named by the first chain's first step that names them. */
async function picksOf(db: Db, n: NoticeRow, chains: readonly Chain[]): Promise<Reach[]> {
  const firsts = chains.filter((c) => covers(c, n)).flatMap((c) => (c.steps[0] ? [{ c, s: c.steps[0] }] : []));
  const members = await roleMembers(db, [...new Set(firsts.flatMap(({ s }) => s.roleIds))]);
  const named = firsts.map(({ c, s }) => ({
    chainId: c.id,
    channels: s.channels,
    userIds: [...new Set([...s.userIds, ...s.roleIds.flatMap((r) => members.get(r) ?? [])])],
  }));
  const people = await loadRecipients(db, [...new Set(named.flatMap((x) => x.userIds))]);
  const told = new Set(n.toldInApp);
  const seen = new Set<string>();
  const picks: Reach[] = [];
  for (const x of named) {
    for (const userId of x.userIds) {
      const user = people.get(userId);
      if (!user) continue;
      for (const channel of x.channels) {
        if ((channel === 'inapp' && told.has(userId)) || seen.has(`${userId}/${channel}`)) continue;
        seen.add(`${userId}/${channel}`);
        picks.push({ user, channel, chainId: x.chainId });
      }
    }
  }
  return picks;
}

/**
 * Sends claimed notices as alarms are sent: per recipient and channel, after the recipient's
 * station scope, quiet hours and the station's rate limit (which notices count in), each
 * outcome a log row with reason `notice`.
 */
export async function dispatchNotices(deps: DispatchDeps, notices: readonly NoticeRow[], now: number): Promise<void> {
  if (notices.length === 0) return;
  const chains = await enabledChains(deps.db);
  const rates = await ratesOf(deps.db, [...new Set(notices.map((n) => n.stationId))]);
  const entries: LogEntry[] = [];
  const sends: (() => Promise<void>)[] = [];
  // Sent in this run: the log that the rate limit counts is written after it.
  const sentNow = new Map<string, number>();
  for (const n of notices) {
    const picks = await picksOf(deps.db, n, chains);
    const quiet = await quietHoursOf(deps.db, [...new Set(picks.map((p) => p.user.id))]);
    for (const p of picks) {
      const texts = n.texts[p.user.lang];
      const entry: LogEntry = {
        at: now,
        stationId: n.stationId,
        chainId: p.chainId,
        step: 1,
        userId: p.user.id,
        channel: p.channel,
        address: addressOf(p.user, p.channel),
        status: 'sent',
        reason: 'notice',
        subject: texts.subject,
        eventIds: [],
        detail: null,
      };
      entries.push(entry);
      const rate = rates.get(n.stationId) ?? NOTIFY_DEFAULT_RATE;
      const sender = deps.channels[p.channel];
      if (!(await visibleStations(deps.db, p.user, [n.stationId])).has(n.stationId)) {
        Object.assign(entry, { status: 'suppressed', reason: 'outOfScope' });
      } else if (heldByQuietHours(quiet.get(p.user.id), p.channel, now, [n]).length > 0) {
        Object.assign(entry, { status: 'suppressed', reason: 'quietHours' });
      } else if (
        (await sentInWindow(deps.db, n.stationId, p.user.id, p.channel, now - rate.windowMinutes * 60_000)) +
          (sentNow.get(`${n.stationId}/${p.user.id}/${p.channel}`) ?? 0) >=
        rate.maxPerWindow
      ) {
        Object.assign(entry, { status: 'suppressed', reason: 'rateLimit' });
      } else if (!sender) {
        Object.assign(entry, { status: 'failed', reason: 'channelOff' });
      } else if (p.channel !== 'inapp' && !entry.address) {
        Object.assign(entry, { status: 'failed', reason: 'noAddress' });
      } else {
        const counted = `${n.stationId}/${p.user.id}/${p.channel}`;
        sentNow.set(counted, (sentNow.get(counted) ?? 0) + 1);
        const out = { userId: p.user.id, address: entry.address, lang: p.user.lang, ...texts, level: n.level, at: now };
        sends.push(() => sendLogged(sender, { ...out, link: n.link }, entry));
      }
    }
  }
  await runLimited(sends, SEND_CONCURRENCY);
  await writeLog(deps.db, entries);
}
