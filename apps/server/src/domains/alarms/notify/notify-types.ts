import type { Lang, NotifyChannel, NotifyReason, NotifyStatus } from '@ess/contract';
import type { AlarmFacts } from './notify-alarm-text';

/** The module's shared shapes: chains as the engine reads them, recipients, rounds and log rows. */

/** A raised alarm as the input port takes it (the engine reads the rest from alarm_event). */
export type RaisedAlarm = { id: number; stationId: number; level: number; raisedAt: number };

export type Step = {
  delayMinutes: number;
  repeatMinutes: number;
  channels: NotifyChannel[];
  userIds: number[];
  roleIds: number[];
};

export type Chain = { id: number; stationIds: number[]; levels: number[]; stopOnRecovery: boolean; steps: Step[] };

/** A chain's step that came due for an alarm event in this round. */
export type Fired = { chain: Chain; step: number; event: AlarmFacts };

export type Recipient = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  lang: Lang;
  deptId: number | null;
  /** Admins and group-wide users see every station; others their organisation's and granted ones. */
  seesAll: boolean;
};

export type LogEntry = {
  at: number;
  stationId: number | null;
  chainId: number | null;
  step: number | null;
  userId: number | null;
  channel: NotifyChannel;
  address: string | null;
  status: NotifyStatus;
  reason: NotifyReason;
  subject: string;
  eventIds: number[];
  detail: string | null;
};

/** Where a recipient is reached on a channel; in-app needs no address. */
export const addressOf = (u: Recipient, channel: NotifyChannel): string | null =>
  channel === 'email' ? u.email : channel === 'sms' ? u.phone : null;
