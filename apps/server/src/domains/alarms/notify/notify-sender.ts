import type { Lang, NotifyChannel } from '@ess/contract';

/** One message to one recipient on one channel. */
export type Outgoing = {
  userId: number;
  /** E-mail address or phone number; null for in-app. */
  address: string | null;
  lang: Lang;
  subject: string;
  text: string;
  /** Highest alarm level in it (1 critical), for in-app message types. */
  level: number;
  /** When it is sent (the engine's clock). */
  at: number;
  /** A platform page the message is about (in-app notices open it). */
  link?: string | null;
  /** Files sent along (e-mail only): a subscribed report. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/** A delivery channel (adapter). Resolves when the provider accepted the message, throws otherwise. */
export interface NotifySender {
  send(m: Outgoing): Promise<void>;
  close?(): Promise<void>;
}

/**
 * In-app delivery port: the messages module when it is present. The notification log records
 * every in-app delivery either way, so the port may be a no-op.
 */
export interface InAppSink {
  deliver(m: Outgoing): Promise<void>;
}

export type NotifyChannels = Partial<Record<NotifyChannel, NotifySender>>;

/** A channel failure for the log: the message only, cut short, never the transport's options. */
export function failureDetail(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 300);
}
