import type { Env } from '../../../env';
import { emailFromEnv } from './notify-email';
import { InAppSender } from './notify-inapp';
import type { InAppSink, NotifyChannels } from './notify-sender';
import { smsFromEnv } from './notify-sms';

export type { InAppSink, NotifyChannels, NotifySender, Outgoing } from './notify-sender';
export { failureDetail } from './notify-sender';

/** The channels the environment configures: in-app always, e-mail and SMS when set up. */
export function channelsFromEnv(env: Env, inApp: InAppSink): NotifyChannels {
  const channels: NotifyChannels = { inapp: new InAppSender(inApp) };
  const email = emailFromEnv(env);
  if (email) channels.email = email;
  const sms = smsFromEnv(env);
  if (sms) channels.sms = sms;
  return channels;
}
