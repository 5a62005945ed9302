import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../../../env';
import type { NotifySender, Outgoing } from './notify-sender';

/**
 * E-mail over SMTP (nodemailer). Credentials stay in the transport; errors carry no secrets.
 * A message about a platform page ends with its address when PUBLIC_URL says where users reach
 * the platform: a path alone is no use in a mail client.
 */
export class EmailSender implements NotifySender {
  constructor(
    private readonly transport: Transporter,
    private readonly from: string,
    private readonly publicUrl?: string,
  ) {}

  async send(m: Outgoing): Promise<void> {
    if (!m.address) throw new Error('no address');
    const page = m.link && this.publicUrl ? new URL(m.link, this.publicUrl).href : null;
    const text = page ? `${m.text}\n\n${page}` : m.text;
    await this.transport.sendMail({
      from: this.from,
      to: m.address,
      subject: m.subject,
      text,
      ...(m.attachments ? { attachments: m.attachments } : {}),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** The SMTP sender the environment configures (`SMTP_URL`, or `SMTP_HOST` and the rest), or none. */
export function emailFromEnv(env: Env): EmailSender | undefined {
  if (!env.SMTP_URL && !env.SMTP_HOST) return undefined;
  const transport = env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : nodemailer.createTransport({
        host: env.SMTP_HOST,
        port: env.SMTP_PORT,
        secure: env.SMTP_SECURE === 'on',
        ...(env.SMTP_USER ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } } : {}),
      });
  return new EmailSender(transport, env.SMTP_FROM, env.PUBLIC_URL);
}
