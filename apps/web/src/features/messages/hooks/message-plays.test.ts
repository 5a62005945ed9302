import type { ReceivedMessage } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { duePlays } from './message-plays';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 25, 8, 0);
const msg = (messageId: number, over: Partial<ReceivedMessage> = {}): ReceivedMessage => ({
  messageId,
  title: `m${messageId}`,
  messageContent: 'c',
  messageType: 1,
  receivingType: 2,
  createUserName: 'admin',
  createTime: T0,
  playEndTime: T0 + 120 * MIN,
  playFrequency: 30,
  frequencyUnit: 'minute',
  status: 3,
  readStatus: 0,
  readTime: null,
  link: null,
  ...over,
});

describe('message plays due in the bell', () => {
  it('pops nothing a new session finds, then each arrival and each repeat once', () => {
    const first = duePlays([msg(1)], null, T0 + 5 * MIN);
    expect(first.due).toEqual([]);
    // Same play, later look: nothing.
    expect(duePlays([msg(1)], first.shown, T0 + 10 * MIN).due).toEqual([]);
    // A message arriving pops at once.
    const arrived = duePlays([msg(1), msg(2, { createTime: T0 + 12 * MIN })], first.shown, T0 + 12 * MIN);
    expect(arrived.due.map((m) => m.messageId)).toEqual([2]);
    // Thirty minutes after its start the first comes back; the second not yet.
    const repeat = duePlays([msg(1), msg(2, { createTime: T0 + 12 * MIN })], arrived.shown, T0 + 31 * MIN);
    expect(repeat.due.map((m) => m.messageId)).toEqual([1]);
    expect(duePlays([msg(1)], repeat.shown, T0 + 32 * MIN).due).toEqual([]);
  });

  it('never pops a read message or one past its end', () => {
    const shown = { '1': T0 };
    expect(duePlays([msg(1, { readStatus: 1 })], shown, T0 + 31 * MIN).due).toEqual([]);
    expect(duePlays([msg(1)], shown, T0 + 121 * MIN).due).toEqual([]);
  });
});
