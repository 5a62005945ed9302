import { DEFAULT_LANG, isLang, type Lang, MESSAGE_TYPE, orderDetailPath, translate } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { AssigneeRef, DefinitionNode } from '../../../db/workorder-schema';
import type { MessageService } from '../../alarms/message';
import { findStation } from '../../stations/station';
import { languagesOf, postHolders, usersSeeingStation } from './order.repository';

/** What the to-do notices need of the messages module: stored in a transaction, announced after it. */
export type NoticeStore = Pick<MessageService, 'storeNotices' | 'announce'>;

/**
 * A store whose bell announcements wait for `release`: for notices written in a transaction
 * the caller commits later (a schedule's claimed run), so nobody is rung for a message that is
 * not there yet, or never will be.
 */
export function heldAnnouncements(store: NoticeStore): { store: NoticeStore; release: () => void } {
  const held: (readonly number[])[] = [];
  return {
    store: { storeNotices: (tx, notices) => store.storeNotices(tx, notices), announce: (ids) => held.push(ids) },
    release: () => {
      for (const ids of held.splice(0)) store.announce(ids);
    },
  };
}

/** The order as the step's transaction has it (a new order's number is drawn inside it). */
export type LandedOrder = { id: number; number: string; title: string };

/** A step's to-do notices: written in the step's transaction, announced once it committed. */
export type TodoNotices = {
  write(tx: Db, order: LandedOrder): Promise<void>;
  announce(): void;
};

/** The bell lists a message while it plays; after a day it stays in the received list. */
const PLAYS_MS = 86_400_000;
/** The bell's list shows about this much of a title. */
const TITLE_MAX = 100;

const NONE: TodoNotices = { write: async () => {}, announce: () => {} };

/**
 * Who an order's waiting task landed on and what they are told (read before the step's
 * transaction): every assigned user and every enabled holder of an assigned post who may act on
 * the order (enabled, writable, the station in scope), except who took the step, each in their
 * own language, one message per language (the SLA notices' convention) linking the order's
 * detail. Written inside the step's transaction, a message exists exactly when the step does:
 * a step that lost its race or died before its commit tells nobody, and no restart repeats one.
 */
export async function prepareTodo(
  db: Db,
  store: NoticeStore,
  p: {
    stationId: number;
    assignees: readonly AssigneeRef[];
    node: DefinitionNode | undefined;
    actorId: number | null;
    /** Who took the step; the order's number when nobody did (alarm rules, schedules). */
    sender: string | null;
    now: number;
  },
): Promise<TodoNotices> {
  if (!p.node || p.assignees.length === 0) return NONE;
  const named = p.assignees.flatMap((a) => ('userId' in a ? [a.userId] : []));
  const holders = await postHolders(
    db,
    p.assignees.flatMap((a) => ('postId' in a ? [a.postId] : [])),
  );
  const candidates = [...new Set([...named, ...holders])].filter((id) => id !== p.actorId);
  if (candidates.length === 0) return NONE;
  const userIds = (await usersSeeingStation(db, p.stationId, candidates)).map((u) => u.id);
  if (userIds.length === 0) return NONE;
  const stored = await languagesOf(db, userIds);
  const byLang = new Map<Lang, number[]>();
  for (const id of userIds) {
    const lang = stored.get(id);
    const l: Lang = isLang(lang) ? lang : DEFAULT_LANG;
    byLang.set(l, [...(byLang.get(l) ?? []), id]);
  }
  const station = (await findStation(db, p.stationId))?.name ?? '';
  const node = p.node;
  let written = false;
  return {
    async write(tx, order) {
      const params = { number: order.number, title: order.title, station };
      await store.storeNotices(
        tx,
        [...byLang].map(([lang, ids]) => ({
          title: translate(lang, 'workorderTodoTitle', params).slice(0, TITLE_MAX),
          content: translate(lang, 'workorderTodoContent', { ...params, step: node.names?.[lang] ?? node.name }),
          messageType: MESSAGE_TYPE.hint,
          senderName: p.sender ?? order.number,
          userIds: ids,
          playStart: p.now,
          playEnd: p.now + PLAYS_MS,
          link: orderDetailPath(order.id),
        })),
      );
      written = true;
    },
    announce() {
      if (written) store.announce(userIds);
    },
  };
}
