import { z } from 'zod';
import {
  messageConfigPage,
  messageConfigPageBody,
  messageConfigRow,
  messageDraft,
  messageIdBody,
  messageModifyBody,
  readConfirmBody,
  receivedMessagePage,
  receivedMessagesBody,
  recipientUser,
} from '../message';
import { endpointGroup } from './endpoint';

/** Button permissions of the message configuration page (seeded menu tree). */
export const MESSAGE_ADD = 'operationalInspection:messageConfig:add';
export const MESSAGE_EDIT = 'operationalInspection:messageConfig:edit';
export const MESSAGE_DELETE = 'operationalInspection:messageConfig:delete';
/** The configuration page has no query button: whoever may manage messages may read them. */
const MANAGE = [MESSAGE_ADD, MESSAGE_EDIT, MESSAGE_DELETE];

const base = '/business/messageInfo';

/** Messages (spec 7 "Messages"): configuration by senders, the received list, read confirmation. */
export const messageApi = /*#__PURE__*/ endpointGroup('message', {
  receivedMessages: {
    method: 'POST',
    path: `${base}/selectMessageInfo`,
    body: receivedMessagesBody,
    response: receivedMessagePage,
    access: { station: 'stationId', screen: true },
    summary: "The caller's delivered messages, newest first; with readStatus 0 the total is the unread count",
  },
  confirmRead: {
    method: 'POST',
    path: `${base}/updateMessageReadStatus`,
    body: readConfirmBody,
    response: z.null(),
    access: { station: 'stationId' },
    summary: 'Mark a delivered message read for the caller (a warning, code 60000, when already read)',
  },
  messagePage: {
    method: 'POST',
    path: `${base}/page`,
    body: messageConfigPageBody,
    response: messageConfigPage,
    access: { perms: MANAGE, station: 'stationId' },
    summary: 'A page of configured messages the caller may manage, newest first, with their derived status',
  },
  messageDetail: {
    method: 'POST',
    path: `${base}/detail`,
    body: messageIdBody,
    response: messageConfigRow,
    access: { perms: MANAGE },
    summary: 'One configured message with its named recipients',
  },
  messageAdd: {
    method: 'POST',
    path: `${base}/addMessageInfo`,
    body: messageDraft,
    response: messageConfigRow,
    access: { perms: [MESSAGE_ADD], mutates: true },
    summary: 'Create a message to stations or users: a draft, sent now or timed',
  },
  messageModify: {
    method: 'POST',
    path: `${base}/modifyMessageInfo`,
    body: messageModifyBody,
    response: messageConfigRow,
    access: { perms: [MESSAGE_EDIT], mutates: true },
    errors: [409],
    summary: 'Change a draft or scheduled message (409 once it is broadcasting or ended)',
  },
  messageDelete: {
    method: 'POST',
    path: `${base}/deleteMessage`,
    body: messageIdBody,
    response: z.null(),
    access: { perms: [MESSAGE_DELETE], mutates: true },
    summary: 'Delete a message and its read receipts; recipients no longer see it',
  },
  recipientUsers: {
    method: 'POST',
    path: `${base}/recipientUsers`,
    body: z.object({}).nullish(),
    response: z.array(recipientUser),
    access: { perms: [MESSAGE_ADD, MESSAGE_EDIT] },
    summary: 'Users the caller may address a message to (its organisation subtree; everyone for group-wide users)',
  },
});
