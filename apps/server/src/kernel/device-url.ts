import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';

/**
 * Where devices reach this platform over HTTP (firmware downloads, file transfers): DEVICE_HTTP_URL,
 * else PUBLIC_URL, else this instance's own port on the loopback (the built-in simulator).
 * Asked at each use: the port is known once the server listens.
 */
export const deviceBaseUrl = (env: Env, app: FastifyInstance) => (): string => {
  const configured = env.DEVICE_HTTP_URL ?? env.PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const address = app.server.address() as AddressInfo | null;
  return `http://127.0.0.1:${address?.port ?? env.PORT}`;
};
