import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';

export type Published = { topic: string; payload: string; retain: boolean; at: number };

export type TestBroker = {
  url: string;
  port: number;
  /** Every publish under `ess/`, wills included, in order. */
  published: Published[];
  /** Connected clients by id (their sockets can be destroyed to simulate a broken link). */
  clients: Map<string, Client>;
  /** Every authentication attempt and its outcome. */
  logins: { username: string; ok: boolean }[];
  broker: Aedes;
  close(): Promise<void>;
};

/**
 * An in-process aedes broker that accepts a client only with its password from `passwords`
 * and a client id equal to its user name, like the platform's broker (or anyone, like a
 * local Mosquitto).
 */
export async function startTestBroker(
  passwords: ReadonlyMap<string, string> | 'anonymous',
  port = 0,
): Promise<TestBroker> {
  const published: Published[] = [];
  const clients = new Map<string, Client>();
  const logins: { username: string; ok: boolean }[] = [];
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const ok =
        passwords === 'anonymous' ||
        (username !== undefined && client.id === username && passwords.get(username) === password?.toString());
      logins.push({ username: username ?? '', ok });
      if (ok) done(null, true);
      else done(Object.assign(new Error('bad user name or password'), { returnCode: 4 }) as AuthenticateError, false);
    },
  });
  broker.on('client', (c) => clients.set(c.id, c));
  broker.on('clientDisconnect', (c) => clients.delete(c.id));
  broker.on('publish', (packet) => {
    if (packet.topic.startsWith('ess/'))
      published.push({
        topic: packet.topic,
        payload: packet.payload.toString(),
        retain: packet.retain,
        at: Date.now(),
      });
  });
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `mqtt://127.0.0.1:${actual}`,
    port: actual,
    published,
    clients,
    logins,
    broker,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
