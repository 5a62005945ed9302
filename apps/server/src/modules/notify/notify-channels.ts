import type { Lang, NotifyChannel } from '@ess/contract';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../../env';

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
};

/** A delivery channel (adapter). Resolves when the provider accepted the message, throws otherwise. */
export interface NotifySender {
  send(m: Outgoing): Promise<void>;
  close?(): Promise<void>;
}

/**
 * In-app delivery port: the messages module's store when it is present. The notification log
 * records every in-app delivery either way, so the port may be a no-op.
 */
export interface InAppSink {
  deliver(m: Outgoing): Promise<void>;
}

export type NotifyChannels = Partial<Record<NotifyChannel, NotifySender>>;

/** E-mail over SMTP (nodemailer). Credentials stay in the transport; errors carry no secrets. */
export class EmailSender implements NotifySender {
  constructor(
    private readonly transport: Transporter,
    private readonly from: string,
  ) {}

  async send(m: Outgoing): Promise<void> {
    if (!m.address) throw new Error('no address');
    await this.transport.sendMail({ from: this.from, to: m.address, subject: m.subject, text: m.text });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/**
 * SMS through a provider's HTTP API: a generic JSON POST `{to, text, lang}` with a bearer
 * token. Providers with another shape get an adapter of their own beside this one.
 */
export class HttpSmsSender implements NotifySender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs: number,
  ) {}

  async send(m: Outgoing): Promise<void> {
    if (!m.address) throw new Error('no address');
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to: m.address, text: `${m.subject}\n${m.text}`, lang: m.lang }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // The body may echo the request; only the status is kept (it goes to the log).
    await res.body?.cancel();
    if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
  }
}

/** In-app channel over the sink. */
export class InAppSender implements NotifySender {
  constructor(private readonly sink: InAppSink) {}
  send(m: Outgoing): Promise<void> {
    return this.sink.deliver(m);
  }
}

/** The channels the environment configures. */
export function channelsFromEnv(env: Env, inApp: InAppSink): NotifyChannels {
  const channels: NotifyChannels = { inapp: new InAppSender(inApp) };
  if (env.SMTP_URL || env.SMTP_HOST) {
    const transport = env.SMTP_URL
      ? nodemailer.createTransport(env.SMTP_URL)
      : nodemailer.createTransport({
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: env.SMTP_SECURE === 'on',
          ...(env.SMTP_USER ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } } : {}),
        });
    channels.email = new EmailSender(transport, env.SMTP_FROM);
  }
  if (env.SMS_URL) channels.sms = new HttpSmsSender(env.SMS_URL, env.SMS_TOKEN, env.SMS_TIMEOUT_MS);
  return channels;
}

/** A channel failure for the log: the message only, cut short, never the transport's options. */
export function failureDetail(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 300);
}
