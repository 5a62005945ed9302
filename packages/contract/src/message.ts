import { z } from 'zod';
import { pageNumber, rowId } from './ids';
import { epochMs } from './time-schema';

/**
 * Messages (spec 3 "Message", 4, 7): the platform's announcements to stations and users.
 * Codes are the spec's numbers: type 1 hint, 2 fault, 3 alarm; receiving type 1 station, 2 user;
 * readStatus 0 unread, 1 read.
 */
export const MESSAGE_TYPE = { hint: 1, fault: 2, alarm: 3 } as const;
export const MESSAGE_TYPES = [1, 2, 3] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const RECEIVING_TYPE = { station: 1, user: 2 } as const;
export const RECEIVING_TYPES = [1, 2] as const;
export type ReceivingType = (typeof RECEIVING_TYPES)[number];

export const READ_STATUS = { unread: 0, read: 1 } as const;
export const READ_STATUSES = [0, 1] as const;

export const FREQUENCY_UNITS = ['minute', 'hour', 'day', 'month'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];

/** `now`: delivered when published; `timed`: delivered at the play start time. */
export const SEND_MODES = ['now', 'timed'] as const;
export type SendMode = (typeof SEND_MODES)[number];

/**
 * A message's status, derived from its stored draft flag and play window at the time asked:
 * 1 draft (saved, not sent, seen by nobody), 2 scheduled (timed, play start still ahead),
 * 3 broadcasting (delivered, play end not passed), 4 ended (play end passed; still in the
 * recipients' lists). Only drafts and scheduled messages can be edited. The spec's unread query
 * asks for createStatus 3: the broadcasting ones.
 */
export const MESSAGE_STATUS = { draft: 1, scheduled: 2, broadcasting: 3, ended: 4 } as const;
export const MESSAGE_STATUSES = [1, 2, 3, 4] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_LIMITS = { title: 100, content: 2_000, recipients: 200, frequency: 999 } as const;

const code = <const T extends readonly number[]>(values: T) =>
  z.union([z.number(), z.string().regex(/^\d$/)]).pipe(
    z.coerce
      .number<string | number>()
      .int()
      .refine((v): v is T[number] => values.includes(v), { message: `one of ${values.join(', ')}` }),
  );
export const messageTypeCode = code(MESSAGE_TYPES);
export const receivingTypeCode = code(RECEIVING_TYPES);
export const messageStatusCode = code(MESSAGE_STATUSES);
export const readStatusCode = code(READ_STATUSES);

const text = (max: number) => z.string().trim().min(1).max(max);

/** What the configuration form sends; the rules that need the clock are the server's. */
export const messageDraft = z
  .object({
    title: text(MESSAGE_LIMITS.title),
    messageContent: text(MESSAGE_LIMITS.content),
    messageType: messageTypeCode,
    receivingType: receivingTypeCode,
    /** Station ids (receiving type 1) or user ids (2). */
    receivingObjects: z
      .array(rowId)
      .min(1)
      .max(MESSAGE_LIMITS.recipients)
      .transform((ids) => [...new Set(ids)]),
    sendMode: z.enum(SEND_MODES),
    /** Required for `timed`; `now` starts playing when published. */
    playStartTime: epochMs.nullish(),
    playEndTime: epochMs,
    playFrequency: z.number().int().min(1).max(MESSAGE_LIMITS.frequency),
    frequencyUnit: z.enum(FREQUENCY_UNITS),
    /** Save without sending. */
    draft: z.boolean().default(false),
  })
  .refine((m) => m.sendMode === 'now' || m.playStartTime != null, {
    message: 'a timed message needs playStartTime',
    path: ['playStartTime'],
  });
export type MessageDraft = z.input<typeof messageDraft>;

export const messageIdBody = z.object({ messageId: rowId });

export const messageModifyBody = z.intersection(messageIdBody, messageDraft);
export type MessageModifyBody = z.input<typeof messageModifyBody>;

/** A named recipient: a station or a user. */
export const messageRecipient = z.object({ id: z.number().int(), name: z.string() });

/** A message as its configuration page shows it. */
export const messageConfigRow = z.object({
  messageId: z.number().int(),
  title: z.string(),
  messageContent: z.string(),
  messageType: z.number().int(),
  receivingType: z.number().int(),
  receivingObjects: z.array(messageRecipient),
  sendMode: z.enum(SEND_MODES),
  /** Null for a draft sent `now` (its start is the moment it is published). */
  playStartTime: z.number().int().nullable(),
  playEndTime: z.number().int(),
  playFrequency: z.number().int(),
  frequencyUnit: z.enum(FREQUENCY_UNITS),
  status: z.number().int(),
  /** Null once the creating account is deleted (its name stays). */
  creatorId: z.number().int().nullable(),
  createUserName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  /** Recipients who confirmed reading it. */
  readCount: z.number().int(),
});
export type MessageConfigRow = z.infer<typeof messageConfigRow>;

const paging = {
  pageNum: pageNumber(100_000).default(1),
  pageSize: pageNumber(100).default(20),
};

export const messageConfigPageBody = z.object({
  ...paging,
  /** Part of the title or content. */
  keyword: z.string().trim().max(100).optional(),
  messageType: messageTypeCode.optional(),
  receivingType: receivingTypeCode.optional(),
  status: messageStatusCode.optional(),
  /** Only messages to this station. */
  stationId: rowId.optional(),
});
export type MessageConfigPageBody = z.input<typeof messageConfigPageBody>;

export const messageConfigPage = z.object({
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(messageConfigRow),
});

/** The received-messages query of spec 7 (the bell sends createStatus 3 and readStatus 0). */
export const receivedMessagesBody = z.object({
  ...paging,
  /** The caller's own user id (the legacy client sends it); another user's id is refused. */
  receivingUser: rowId.optional(),
  /** Station messages of this station only (messages to the user always count). */
  stationId: rowId.optional(),
  /** 3 broadcasting or 4 ended; absent: both (a recipient never sees drafts or scheduled ones). */
  createStatus: messageStatusCode.optional(),
  readStatus: readStatusCode.optional(),
  messageType: messageTypeCode.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type ReceivedMessagesBody = z.input<typeof receivedMessagesBody>;

/** A message as a recipient sees it. */
export const receivedMessage = z.object({
  messageId: z.number().int(),
  title: z.string(),
  messageContent: z.string(),
  messageType: z.number().int(),
  receivingType: z.number().int(),
  createUserName: z.string(),
  /** When it was delivered (the play start). */
  createTime: z.number().int(),
  playEndTime: z.number().int(),
  /** It pops up again every `playFrequency` `frequencyUnit`s until read (see lastPlayAt). */
  playFrequency: z.number().int(),
  frequencyUnit: z.enum(FREQUENCY_UNITS),
  status: z.number().int(),
  readStatus: z.number().int(),
  readTime: z.number().int().nullable(),
  /**
   * A page of the platform the message is about (a work order's detail), opened from the
   * message; only the platform's own notices carry one, never a message a person wrote.
   */
  link: z.string().nullable(),
});
export type ReceivedMessage = z.infer<typeof receivedMessage>;

export const receivedMessagePage = z.object({
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(receivedMessage),
});

export const readConfirmBody = z.object({
  messageId: rowId,
  stationId: rowId.optional(),
  receivingUser: rowId.optional(),
});

/** Users a message can be addressed to. */
export const recipientUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  realName: z.string().nullable(),
});
export type RecipientUser = z.infer<typeof recipientUser>;
