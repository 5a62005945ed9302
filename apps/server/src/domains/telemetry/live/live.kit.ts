import type { LiveServerMessage } from '@ess/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { vi } from 'vitest';
import { WebSocket } from 'ws';
import { TelemetryBus } from '../../../kernel/telemetry-bus';
import { registerRequestContext, registerSessionGuard } from '../../../plugins/auth';
import { registerErrorHandling } from '../../../plugins/errors';
import type { TestContext } from '../../../test/harness';
import { liveRoutes } from './live.routes';
import type { LiveTimings } from './live-connection';
import { LiveHub } from './live-hub';

/**
 * Test kit of the live socket: the live module mounted like in the app (session guard, error
 * handler, /api prefix) over a test database, with a bus the test drives, listening on a port.
 */
export async function liveServer(ctx: TestContext, timings: Partial<LiveTimings> = {}) {
  const db = ctx.database.db;
  // The app's own sessions: its logouts and revocations reach this socket's checks at once.
  const auth = ctx.app.auth;
  const bus = new TelemetryBus();
  const hub = new LiveHub(db, bus);
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestContext(app);
  await app.register(
    async (api) => {
      registerSessionGuard(api, auth, db);
      await api.register(liveRoutes({ db, auth, bus, hub, timings }));
    },
    { prefix: '/api' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `ws://127.0.0.1:${port}/api/ws`, bus, hub, close: () => app.close() };
}

export type Received = { at: number; msg: LiveServerMessage };

/** A WebSocket client that records what it receives and how it was closed. */
export class TestClient {
  readonly received: Received[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  /** How the socket was closed, once it is (null while open). */
  closedAs: { code: number; reason: string } | null = null;
  private readonly ws: WebSocket;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => this.received.push({ at: Date.now(), msg: JSON.parse(data.toString()) }));
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        this.closedAs = { code, reason: reason.toString() };
        resolve(this.closedAs);
      }),
    );
  }

  /** How the socket was closed, or a failure if it is still open after `ms`. */
  closedWithin(ms: number): Promise<{ code: number; reason: string }> {
    return vi.waitFor(
      () => {
        if (!this.closedAs) throw new Error(`socket still open after ${ms} ms`);
        return this.closedAs;
      },
      { timeout: ms, interval: 10 },
    );
  }

  static async open(url: string): Promise<TestClient> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new TestClient(ws);
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The next message of a type (received after `after` messages), or a failure after `ms`. */
  async next<T extends LiveServerMessage['type']>(
    type: T,
    ms = 3000,
    after = 0,
  ): Promise<Extract<LiveServerMessage, { type: T }>> {
    return vi.waitFor(
      () => {
        const hit = this.received.slice(after).find((r) => r.msg.type === type);
        if (!hit) throw new Error(`no ${type} message within ${ms} ms`);
        return hit.msg as Extract<LiveServerMessage, { type: T }>;
      },
      { timeout: ms, interval: 10 },
    );
  }

  of<T extends LiveServerMessage['type']>(type: T): { at: number; msg: Extract<LiveServerMessage, { type: T }> }[] {
    return this.received.filter((r) => r.msg.type === type) as {
      at: number;
      msg: Extract<LiveServerMessage, { type: T }>;
    }[];
  }

  close(): void {
    this.ws.close();
  }
}
