import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';

const LIVE_PATH = '/api/ws';

/**
 * `ess_websocket_clients`: live sockets open on this instance, counted from the HTTP upgrades of
 * /api/ws to their close (signed in or still authenticating). Returns the remover of the listener.
 */
export function liveMetrics(app: FastifyInstance, register: Registry): () => void {
  let open = 0;
  new Gauge({
    name: 'ess_websocket_clients',
    help: 'Live WebSocket connections (/api/ws) open on this instance',
    registers: [register],
    collect() {
      this.set(open);
    },
  });
  const onUpgrade = (req: IncomingMessage, socket: Duplex) => {
    if ((req.url ?? '').split('?')[0] !== LIVE_PATH) return;
    open++;
    socket.once('close', () => open--);
  };
  app.server.on('upgrade', onUpgrade);
  return () => app.server.off('upgrade', onUpgrade);
}
