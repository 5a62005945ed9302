import { NOTIFY_DEFAULT_RATE, type NotifyReason, type NotifyStatus } from '@ess/contract';
import type { Db } from '../../../db/client';
import {
  type QuietRow,
  quietHoursOf,
  type Rate,
  ratesOf,
  sentInWindow,
  visibleStations,
  writeLog,
} from './notify.repository';
import type { AlarmFacts } from './notify-alarm-text';
import { audienceOf, type Group } from './notify-audience';
import { compose } from './notify-compose';
import { heldByQuietHours } from './notify-schedule';
import { failureDetail, type NotifyChannels, type NotifySender, type Outgoing } from './notify-sender';
import { addressOf, type Fired, type LogEntry } from './notify-types';

export const SEND_CONCURRENCY = 8;

export type DispatchDeps = { db: Db; channels: NotifyChannels };

/** What a round knows of its recipients and stations before it decides per message. */
type Round = DispatchDeps & {
  now: number;
  visible: Map<number, Set<number>>;
  quiet: Map<number, QuietRow>;
  rates: Map<number, Rate>;
};

/** One group's log rows, and its message to send if it goes out. */
type Outcome = { entries: LogEntry[]; send?: () => Promise<void> };

/**
 * Sends a round of fired steps: per recipient, channel and station one message, after the
 * recipient's station scope, quiet hours and the station's rate limit, in that order. Every
 * outcome is a log row.
 */
export async function dispatchRound(deps: DispatchDeps, fired: readonly Fired[], now: number): Promise<void> {
  const groups = await audienceOf(deps.db, fired);
  const round = await roundOf(deps, groups, fired, now);
  const entries: LogEntry[] = [];
  const sends: (() => Promise<void>)[] = [];
  for (const g of groups) {
    const o = await outcomeOf(round, g);
    entries.push(...o.entries);
    if (o.send) sends.push(o.send);
  }
  await runLimited(sends, SEND_CONCURRENCY);
  await writeLog(deps.db, entries);
}

async function roundOf(deps: DispatchDeps, groups: Group[], fired: readonly Fired[], now: number): Promise<Round> {
  const stationIds = [...new Set(fired.map((f) => f.event.stationId))];
  const users = new Map(groups.map((g) => [g.user.id, g.user]));
  const visible = new Map<number, Set<number>>();
  for (const u of users.values()) visible.set(u.id, await visibleStations(deps.db, u, stationIds));
  const quiet = await quietHoursOf(deps.db, [...users.keys()]);
  return { ...deps, now, visible, quiet, rates: await ratesOf(deps.db, stationIds) };
}

/** Scope, then quiet hours (which may hold back part of a digest), then delivery. */
async function outcomeOf(r: Round, g: Group): Promise<Outcome> {
  if (!r.visible.get(g.user.id)?.has(g.stationId)) {
    return { entries: [logged(r, g, g.events, 'suppressed', 'outOfScope')] };
  }
  const held = heldByQuietHours(r.quiet.get(g.user.id), g.channel, r.now, g.events);
  const entries = held.length > 0 ? [logged(r, g, held, 'suppressed', 'quietHours')] : [];
  const events = g.events.filter((e) => !held.includes(e));
  if (events.length === 0) return { entries };
  const delivery = await deliveryOf(r, g, events);
  return { entries: [...entries, delivery.entry], send: delivery.send };
}

/** The station's rate limit, the channel and the address decide; a message that goes out counts as sent from now. */
async function deliveryOf(
  r: Round,
  g: Group,
  events: AlarmFacts[],
): Promise<{ entry: LogEntry; send?: () => Promise<void> }> {
  const rate = r.rates.get(g.stationId) ?? NOTIFY_DEFAULT_RATE;
  const sent = await sentInWindow(r.db, g.stationId, g.user.id, g.channel, r.now - rate.windowMinutes * 60_000);
  if (sent >= rate.maxPerWindow) {
    const detail = `${sent}/${rate.maxPerWindow} in ${rate.windowMinutes} min`;
    return { entry: logged(r, g, events, 'suppressed', 'rateLimit', detail) };
  }
  const sender = r.channels[g.channel];
  if (!sender) return { entry: logged(r, g, events, 'failed', 'channelOff') };
  const address = addressOf(g.user, g.channel);
  if (g.channel !== 'inapp' && !address) return { entry: logged(r, g, events, 'failed', 'noAddress') };
  const m = compose(g.user.lang, events);
  const entry = logged(r, g, events, 'sent', events.length > 1 ? 'digest' : 'alarm');
  const out: Outgoing = {
    userId: g.user.id,
    address,
    lang: g.user.lang,
    subject: m.subject,
    text: m.text,
    level: events[0]?.level ?? 4,
    at: r.now,
  };
  return { entry, send: () => sendLogged(sender, out, entry) };
}

/** A log row for some of a group's events; its subject in the recipient's language. */
function logged(
  r: Round,
  g: Group,
  events: readonly AlarmFacts[],
  status: NotifyStatus,
  reason: NotifyReason,
  detail: string | null = null,
): LogEntry {
  return {
    at: r.now,
    stationId: g.stationId,
    chainId: g.chainId,
    step: g.step + 1,
    userId: g.user.id,
    channel: g.channel,
    address: addressOf(g.user, g.channel),
    status,
    reason,
    subject: compose(g.user.lang, events).subject,
    eventIds: events.map((e) => e.id),
    detail,
  };
}

/** Sends, and turns the row into a failure with the channel's reason when the channel refuses. */
export async function sendLogged(sender: NotifySender, out: Outgoing, entry: LogEntry): Promise<void> {
  try {
    await sender.send(out);
  } catch (err) {
    entry.status = 'failed';
    entry.reason = 'error';
    entry.detail = failureDetail(err);
  }
}

/** Runs the sends, at most `limit` at a time. */
export async function runLimited(jobs: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (job) await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}
