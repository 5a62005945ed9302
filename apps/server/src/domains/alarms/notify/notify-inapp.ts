import type { MessageService } from '../message';
import type { InAppSink, NotifySender, Outgoing } from './notify-sender';
import { notifyTexts } from './notify-texts';

/** Message type 3 = alarm (spec 3 "Message"). */
const ALARM_MESSAGE = 3;
/** The messages' title column holds 100 characters. */
const TITLE_MAX = 100;
/**
 * How long a notice plays. The bell lists unread messages that are playing, so a notice whose
 * window closed as it opened would never reach it; after a day it stays in the received list.
 */
const NOTICE_PLAYS_MS = 24 * 3_600_000;

/** In-app channel over the sink. */
export class InAppSender implements NotifySender {
  constructor(private readonly sink: InAppSink) {}
  send(m: Outgoing): Promise<void> {
    return this.sink.deliver(m);
  }
}

/**
 * In-app delivery through the messages module: one alarm-type message addressed to the user,
 * stored and pushed by `MessageService.sendNotice`, so the user's bell refetches at once over the
 * live socket. It plays from the instant it was sent, and like every sent message is not edited.
 */
export function messageInAppSink(messages: Pick<MessageService, 'sendNotice'>): InAppSink {
  return {
    deliver: async (m: Outgoing) => {
      await messages.sendNotice({
        title: m.subject.slice(0, TITLE_MAX),
        content: m.text,
        messageType: ALARM_MESSAGE,
        senderName: notifyTexts(m.lang).sender,
        userIds: [m.userId],
        playStart: m.at,
        playEnd: m.at + NOTICE_PLAYS_MS,
        link: m.link ?? null,
      });
    },
  };
}
