import {
  MESSAGE_STATUS,
  type MessageConfigRow,
  type MessageStatus,
  type messageConfigPageBody,
  type messageDraft,
  READ_STATUS,
  RECEIVING_TYPE,
  type ReceivedMessage,
  ResultCode,
  type readConfirmBody,
  type receivedMessagesBody,
} from '@ess/contract';
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { stationIdsInScope, stationScopeFilter } from '../../../kernel/station-scope.service';
import type { MessagesChange } from '../../../kernel/telemetry-bus';
import { AppError, businessWarning, forbidden, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import {
  addressableUsers,
  deleteMessage,
  deliveredTo,
  findMessage,
  idIs,
  insertUserNotice,
  type MessageRow,
  manageableBy,
  markRead,
  pageMessages,
  pageReceived,
  readIs,
  receivingIs,
  recipientsOf,
  saveMessage,
  senderName,
  statusIs,
  textMatches,
  toStation,
  typeIs,
} from './message.repository';

type Draft = z.output<typeof messageDraft>;
type PageQuery = z.output<typeof messageConfigPageBody>;
type ReceivedQuery = z.output<typeof receivedMessagesBody>;

/** The status of a stored message at `now` (contract MESSAGE_STATUS). */
export function statusAt(m: Pick<MessageRow, 'draft' | 'playStart' | 'playEnd'>, now: number): MessageStatus {
  if (m.draft) return MESSAGE_STATUS.draft;
  if (m.playEnd.getTime() < now) return MESSAGE_STATUS.ended;
  if (m.playStart === null || m.playStart.getTime() > now) return MESSAGE_STATUS.scheduled;
  return MESSAGE_STATUS.broadcasting;
}

const seesAll = (u: SessionUser) => u.isAdmin || u.groupWide;

/** A notice the platform itself sends users (alarm notifications): no sender account behind it. */
export type Notice = {
  title: string;
  content: string;
  messageType: number;
  senderName: string;
  userIds: number[];
  playStart: number;
  playEnd: number;
  /** A platform page the notice is about, opened from it (contract `receivedMessage.link`). */
  link?: string | null;
};

/** Messages: senders configure them, recipients read and confirm them (spec 3, 4, 7). */
export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
    /** Tells the live sockets whose unread messages changed. */
    private readonly changed: (change: MessagesChange) => void = () => undefined,
  ) {}

  async page(user: SessionUser, q: PageQuery) {
    const now = new Date(this.clock());
    const where = and(
      manageableBy(user.userId, seesAll(user), stationScopeFilter(user)),
      typeIs(q.messageType),
      receivingIs(q.receivingType),
      q.status === undefined ? undefined : statusIs(q.status, now),
      q.stationId === undefined ? undefined : toStation(q.stationId),
      textMatches(q.keyword),
    );
    const { total, rows } = await pageMessages(this.db, where, (q.pageNum - 1) * q.pageSize, q.pageSize);
    const names = await recipientsOf(
      this.db,
      rows.map((r) => r.m.id),
    );
    const list = rows.map((r) => this.configRow(r.m, names.get(r.m.id) ?? [], r.readCount, now.getTime()));
    return { total, pageNum: q.pageNum, pageSize: q.pageSize, list };
  }

  async detail(user: SessionUser, id: number): Promise<MessageConfigRow> {
    const m = await this.manageable(user, id);
    const [page] = (await pageMessages(this.db, idIs(m.id), 0, 1)).rows;
    const names = await recipientsOf(this.db, [m.id]);
    return this.configRow(m, names.get(m.id) ?? [], page?.readCount ?? 0, this.clock());
  }

  async add(user: SessionUser, d: Draft): Promise<MessageConfigRow> {
    const now = this.clock();
    await this.checkDraft(user, d, now);
    const id = await saveMessage(
      this.db,
      null,
      {
        ...this.values(d, now),
        creatorId: user.userId,
        creatorName: await senderName(this.db, user.userId, user.username),
      },
      d.receivingType,
      d.receivingObjects,
    );
    const saved = await this.detail(user, id);
    if (saved.status === MESSAGE_STATUS.broadcasting) this.changed({ userIds: null });
    return saved;
  }

  async modify(user: SessionUser, d: Draft & { messageId: number }): Promise<MessageConfigRow> {
    const now = this.clock();
    const m = await this.manageable(user, d.messageId);
    const status = statusAt(m, now);
    // Recipients may already have it: what they read must not change under them.
    if (status === MESSAGE_STATUS.broadcasting) throw new AppError(409, ResultCode.CONFLICT, 'messageBroadcasting');
    if (status === MESSAGE_STATUS.ended) throw new AppError(409, ResultCode.CONFLICT, 'messageEnded');
    await this.checkDraft(user, d, now);
    await saveMessage(
      this.db,
      m.id,
      { ...this.values(d, now), creatorId: m.creatorId, creatorName: m.creatorName, updateTime: new Date(now) },
      d.receivingType,
      d.receivingObjects,
    );
    const saved = await this.detail(user, m.id);
    if (saved.status === MESSAGE_STATUS.broadcasting) this.changed({ userIds: null });
    return saved;
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    const m = await this.manageable(user, id);
    await deleteMessage(this.db, m.id);
    if (statusAt(m, this.clock()) === MESSAGE_STATUS.broadcasting) this.changed({ userIds: null });
    return null;
  }

  /** Stores a notice to users and tells their bells at once, not at the play clock's next look. */
  async sendNotice(n: Notice): Promise<number> {
    const [id] = await this.db.transaction((tx) => this.storeNotices(tx, [n]));
    this.announce(n.userIds);
    if (id === undefined) throw new Error('notice not stored');
    return id;
  }

  /**
   * Stores notices in the caller's transaction `tx` (a work-order step), so they exist exactly
   * when its other writes do: a step that loses its race or dies before its commit leaves no
   * message, and a committed one is never told twice. The caller tells the bells after the
   * commit with `announce`.
   */
  async storeNotices(tx: Db, notices: readonly Notice[]): Promise<number[]> {
    const ids: number[] = [];
    for (const n of notices) {
      if (n.userIds.length === 0) continue;
      ids.push(
        await insertUserNotice(
          tx,
          {
            title: n.title,
            content: n.content,
            messageType: n.messageType,
            receivingType: RECEIVING_TYPE.user,
            sendMode: 'now',
            playStart: new Date(n.playStart),
            playEnd: new Date(n.playEnd),
            playFrequency: 1,
            frequencyUnit: 'day',
            creatorId: null,
            creatorName: n.senderName,
            link: n.link ?? null,
          },
          n.userIds,
        ),
      );
    }
    return ids;
  }

  /** Tells these users' bells that their messages changed (after the notices' commit). */
  announce(userIds: readonly number[]): void {
    if (userIds.length > 0) this.changed({ userIds: [...userIds] });
  }

  async received(user: SessionUser, q: ReceivedQuery) {
    if (q.receivingUser !== undefined && q.receivingUser !== user.userId) throw forbidden();
    const now = new Date(this.clock());
    const where = and(
      deliveredTo(user.userId, stationScopeFilter(user), now, q.stationId),
      q.createStatus === undefined ? undefined : statusIs(q.createStatus, now),
      q.readStatus === undefined ? undefined : readIs(q.readStatus === READ_STATUS.read),
      typeIs(q.messageType),
      textMatches(q.keyword),
    );
    const { total, rows } = await pageReceived(this.db, user.userId, where, (q.pageNum - 1) * q.pageSize, q.pageSize);
    const list: ReceivedMessage[] = rows.map(({ m, readTime }) => ({
      messageId: m.id,
      title: m.title,
      messageContent: m.content,
      messageType: m.messageType,
      receivingType: m.receivingType,
      createUserName: m.creatorName,
      createTime: (m.playStart ?? m.createTime).getTime(),
      playEndTime: m.playEnd.getTime(),
      playFrequency: m.playFrequency,
      frequencyUnit: m.frequencyUnit,
      status: statusAt(m, now.getTime()),
      readStatus: readTime ? READ_STATUS.read : READ_STATUS.unread,
      readTime: readTime?.getTime() ?? null,
      link: m.link,
    }));
    return { total, pageNum: q.pageNum, pageSize: q.pageSize, list };
  }

  async confirmRead(user: SessionUser, q: z.output<typeof readConfirmBody>): Promise<null> {
    if (q.receivingUser !== undefined && q.receivingUser !== user.userId) throw forbidden();
    const now = this.clock();
    const m = await findMessage(
      this.db,
      q.messageId,
      deliveredTo(user.userId, stationScopeFilter(user), new Date(now)),
    );
    if (!m) throw notFound('messageNotFound');
    if (!(await markRead(this.db, m.id, user.userId, new Date(now)))) throw businessWarning('messageAlreadyRead');
    // The reader's other tabs and devices.
    this.changed({ userIds: [user.userId] });
    return null;
  }

  recipientUsers(user: SessionUser) {
    return addressableUsers(this.db, seesAll(user), user.deptId);
  }

  private async manageable(user: SessionUser, id: number): Promise<MessageRow> {
    const m = await findMessage(this.db, id, manageableBy(user.userId, seesAll(user), stationScopeFilter(user)));
    if (!m) throw notFound('messageNotFound');
    return m;
  }

  /** Rules that need the clock or the caller's scope (the shape is the contract's). */
  private async checkDraft(user: SessionUser, d: Draft, now: number): Promise<void> {
    if (d.playEndTime < now) throw new AppError(400, ResultCode.BAD_REQUEST, 'messageEndBeforeNow');
    const start = d.sendMode === 'timed' ? d.playStartTime : now;
    if (start != null && start >= d.playEndTime)
      throw new AppError(400, ResultCode.BAD_REQUEST, 'messageStartAfterEnd');
    if (d.receivingType === RECEIVING_TYPE.station) {
      const scope = new Set(await stationIdsInScope(this.db, user));
      if (d.receivingObjects.some((id) => !scope.has(id))) throw notFound('stationNotFound');
    } else {
      const allowed = new Set((await this.recipientUsers(user)).map((u) => u.userId));
      if (d.receivingObjects.some((id) => !allowed.has(id))) throw notFound('messageRecipientNotFound');
    }
  }

  /** Stored columns of a draft; a `now` message starts when it is published. */
  private values(d: Draft, now: number) {
    const start = d.sendMode === 'timed' ? (d.playStartTime ?? null) : d.draft ? null : now;
    return {
      title: d.title,
      content: d.messageContent,
      messageType: d.messageType,
      receivingType: d.receivingType,
      sendMode: d.sendMode,
      playStart: start === null ? null : new Date(start),
      playEnd: new Date(d.playEndTime),
      playFrequency: d.playFrequency,
      frequencyUnit: d.frequencyUnit,
      draft: d.draft,
    };
  }

  private configRow(
    m: MessageRow,
    receivingObjects: { id: number; name: string }[],
    readCount: number,
    now: number,
  ): MessageConfigRow {
    return {
      messageId: m.id,
      title: m.title,
      messageContent: m.content,
      messageType: m.messageType,
      receivingType: m.receivingType,
      receivingObjects,
      sendMode: m.sendMode,
      playStartTime: m.playStart?.getTime() ?? null,
      playEndTime: m.playEnd.getTime(),
      playFrequency: m.playFrequency,
      frequencyUnit: m.frequencyUnit,
      status: statusAt(m, now),
      creatorId: m.creatorId,
      createUserName: m.creatorName,
      createTime: m.createTime.getTime(),
      updateTime: m.updateTime.getTime(),
      readCount,
    };
  }
}
