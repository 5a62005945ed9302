import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Test receivers: a local SMTP server and an HTTP endpoint standing in for the SMS provider. */

/** `raw`: the message as received (a multipart message's parts, attachments among them). */
export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; raw: string };
export type ReceivedSms = { authorization: string | undefined; body: { to: string; text: string; lang: string } };

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A single-part message as nodemailer sends `text` only. */
export function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const text = decodeBody(raw.slice(split + 4), headers.get('content-transfer-encoding')?.toLowerCase());
  return {
    from,
    to,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n').trimEnd(),
    raw,
  };
}

export async function startSmtpReceiver(): Promise<{
  port: number;
  mails: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to, from));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function startSmsReceiver(
  status = 200,
): Promise<{ url: string; messages: ReceivedSms[]; setStatus: (s: number) => void; close: () => Promise<void> }> {
  const messages: ReceivedSms[] = [];
  let answer = status;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      messages.push({
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      res.writeHead(answer, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    messages,
    setStatus: (s) => {
      answer = s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
