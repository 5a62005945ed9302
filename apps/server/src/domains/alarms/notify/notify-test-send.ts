import type { NotifyChannel } from '@ess/contract';
import { loadRecipients, writeLog } from './notify.repository';
import { type DispatchDeps, sendLogged } from './notify-dispatch';
import { notifyTexts } from './notify-texts';
import { addressOf, type LogEntry } from './notify-types';

/** A test message to one user on one channel (the settings page's button), logged like the rest. */
export async function testSend(deps: DispatchDeps, userId: number, channel: NotifyChannel, now: number) {
  const user = (await loadRecipients(deps.db, [userId])).get(userId);
  const t = notifyTexts(user?.lang ?? 'zh_CN');
  const address = user ? addressOf(user, channel) : null;
  const entry: LogEntry = {
    at: now,
    stationId: null,
    chainId: null,
    step: null,
    userId: user ? userId : null,
    channel,
    address,
    status: 'sent',
    reason: 'test',
    subject: t.testSubject,
    eventIds: [],
    detail: null,
  };
  const sender = deps.channels[channel];
  if (!sender) Object.assign(entry, { status: 'failed', reason: 'channelOff' });
  else if (channel !== 'inapp' && !address) Object.assign(entry, { status: 'failed', reason: 'noAddress' });
  else if (user) {
    const out = { userId, address, lang: user.lang, subject: t.testSubject, text: t.testBody, level: 4, at: now };
    await sendLogged(sender, out, entry);
  }
  await writeLog(deps.db, [entry]);
  return entry;
}
