import { Redis } from 'ioredis';
import type { RelayLog, RelayTransport } from './relay-transport';

/** Redis takes far larger messages; this keeps one relay message a sane size for live screens. */
const MAX_PAYLOAD = 1024 * 1024;

/**
 * Redis pub-sub: one channel, a subscriber connection and a publisher connection (a subscribed
 * connection can do nothing else). ioredis reconnects and subscribes again by itself.
 */
export class RedisRelayTransport implements RelayTransport {
  readonly kind = 'redis';
  readonly maxPayload = MAX_PAYLOAD;
  private readonly sub: Redis;
  private readonly pub: Redis;
  private warned = false;

  constructor(private readonly o: { url: string; channel: string; log: RelayLog }) {
    this.sub = new Redis(o.url, { lazyConnect: true });
    this.pub = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    for (const c of [this.sub, this.pub]) {
      c.on('error', (err: unknown) => {
        if (!this.warned) o.log.warn({ err }, 'relay (redis) connection lost; reconnecting');
        this.warned = true;
      });
      c.on('ready', () => {
        this.warned = false;
      });
    }
  }

  async start(receive: (payload: string) => void): Promise<void> {
    this.sub.on('message', (channel: string, message: string) => {
      if (channel === this.o.channel) receive(message);
    });
    await Promise.all([this.sub.connect(), this.pub.connect()]);
    await this.sub.subscribe(this.o.channel);
  }

  async publish(payloads: string[]): Promise<void> {
    if (payloads.length === 1) {
      await this.pub.publish(this.o.channel, payloads[0] as string);
      return;
    }
    const batch = this.pub.pipeline();
    for (const p of payloads) batch.publish(this.o.channel, p);
    const results = (await batch.exec()) ?? [];
    const failed = results.find(([err]) => err);
    if (failed?.[0]) throw failed[0];
  }

  async close(): Promise<void> {
    await Promise.all([this.sub, this.pub].map((c) => c.quit().catch(() => c.disconnect())));
  }
}
