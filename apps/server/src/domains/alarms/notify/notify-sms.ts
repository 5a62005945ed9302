import type { Env } from '../../../env';
import type { NotifySender, Outgoing } from './notify-sender';

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

/** The SMS sender the environment configures (`SMS_URL`), or none. */
export const smsFromEnv = (env: Env): HttpSmsSender | undefined =>
  env.SMS_URL ? new HttpSmsSender(env.SMS_URL, env.SMS_TOKEN, env.SMS_TIMEOUT_MS) : undefined;
