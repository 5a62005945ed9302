import { RECEIVING_TYPE } from '@ess/contract';
import type { Db } from '../../db/client';
import { saveMessage } from '../message/message.repository';
import type { InAppSink, Outgoing } from './notify-channels';
import { notifyTexts } from './notify-texts';

/** Message type 3 = alarm (spec 3 "Message"). */
const ALARM_MESSAGE = 3;

/**
 * In-app delivery into the messages module: one message of type alarm addressed to the user,
 * so it shows in their message bell and received list. Its play window is the instant it was
 * sent (it is a notice, not a broadcast an operator could edit while it runs).
 */
export function messageInAppSink(db: Db): InAppSink {
  return {
    deliver: async (m: Outgoing) => {
      const at = new Date(m.at);
      await saveMessage(
        db,
        null,
        {
          title: m.subject.slice(0, 100),
          content: m.text,
          messageType: ALARM_MESSAGE,
          receivingType: RECEIVING_TYPE.user,
          sendMode: 'now',
          playStart: at,
          playEnd: at,
          playFrequency: 1,
          frequencyUnit: 'day',
          creatorId: null,
          creatorName: notifyTexts(m.lang).sender,
        },
        RECEIVING_TYPE.user,
        [m.userId],
      );
    },
  };
}
