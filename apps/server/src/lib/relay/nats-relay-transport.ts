import { connect, type NatsConnection } from 'nats';
import type { RelayLog, RelayTransport } from './relay-transport';

/** NATS servers take 1 MB per message unless configured otherwise; the server's own figure wins. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** NATS core pub-sub on one subject; the client reconnects and subscribes again by itself. */
export class NatsRelayTransport implements RelayTransport {
  readonly kind = 'nats';
  private nc: NatsConnection | null = null;

  constructor(private readonly o: { url: string; subject: string; log: RelayLog }) {}

  get maxPayload(): number {
    return this.nc?.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
  }

  async start(receive: (payload: string) => void): Promise<void> {
    const nc = await connect({ servers: this.o.url, maxReconnectAttempts: -1, name: 'ess-relay' });
    this.nc = nc;
    nc.subscribe(this.o.subject, {
      callback: (err, msg) => {
        if (!err) receive(decoder.decode(msg.data));
      },
    });
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type === 'disconnect') this.o.log.warn({ server: s.data }, 'relay (nats) connection lost; reconnecting');
      }
    })();
    // The subscription is registered once the server has seen it.
    await nc.flush();
  }

  async publish(payloads: string[]): Promise<void> {
    const nc = this.nc;
    if (!nc) throw new Error('relay (nats) not started');
    for (const p of payloads) nc.publish(this.o.subject, encoder.encode(p));
  }

  async close(): Promise<void> {
    await this.nc?.drain().catch(() => this.nc?.close());
  }
}
