import type { NotifyChannel } from '@ess/contract';
import type { Db } from '../../../db/client';
import { loadRecipients, roleMembers } from './notify.repository';
import type { AlarmFacts } from './notify-alarm-text';
import type { Fired, Recipient } from './notify-types';

/** One message's worth: a recipient, a channel and a station, with the events to tell. */
export type Group = {
  user: Recipient;
  channel: NotifyChannel;
  stationId: number;
  /** The chain and step (0-based) that first named the recipient for these events. */
  chainId: number;
  step: number;
  /** By level, then time raised. */
  events: AlarmFacts[];
};

/**
 * Who hears of the fired steps: each step's users and the members of its roles (enabled users
 * only). A person named by two chains or steps is told of an event once per channel; per round
 * one recipient gets one message per channel and station.
 */
export async function audienceOf(db: Db, fired: readonly Fired[]): Promise<Group[]> {
  const roleIds = new Set(fired.flatMap((f) => f.chain.steps[f.step]?.roleIds ?? []));
  const members = await roleMembers(db, [...roleIds]);
  const named = (f: Fired): Set<number> => {
    const s = f.chain.steps[f.step];
    return new Set([...(s?.userIds ?? []), ...(s?.roleIds ?? []).flatMap((r) => members.get(r) ?? [])]);
  };
  const userIds = new Set(fired.flatMap((f) => [...named(f)]));
  const recipients = await loadRecipients(db, [...userIds]);

  const groups = new Map<string, Group>();
  const told = new Set<string>();
  for (const f of fired) {
    for (const userId of named(f)) {
      const user = recipients.get(userId);
      if (!user) continue;
      for (const channel of f.chain.steps[f.step]?.channels ?? []) {
        const item = `${userId}/${channel}/${f.event.id}`;
        if (told.has(item)) continue;
        told.add(item);
        const key = `${userId}/${channel}/${f.event.stationId}`;
        const group = groups.get(key);
        if (group) group.events.push(f.event);
        else
          groups.set(key, {
            user,
            channel,
            stationId: f.event.stationId,
            chainId: f.chain.id,
            step: f.step,
            events: [f.event],
          });
      }
    }
  }
  const list = [...groups.values()];
  for (const g of list) g.events.sort((a, b) => a.level - b.level || a.raisedAt - b.raisedAt);
  return list;
}
