import pg from 'pg';
import type { RelayLog, RelayTransport } from './relay-transport';

/** NOTIFY payloads must stay under 8,000 bytes; some room is left for the envelope. */
const MAX_PAYLOAD = 7_500;
const RECONNECT_MS = 2_000;

/**
 * PostgreSQL LISTEN/NOTIFY on the platform's own database: nothing more to run, but each
 * payload is under 8 KB and every notification passes through the database server.
 */
export class PgRelayTransport implements RelayTransport {
  readonly kind = 'pg';
  readonly maxPayload = MAX_PAYLOAD;
  private listener: pg.Client | null = null;
  private receive: (payload: string) => void = () => {};
  private closed = false;

  constructor(
    private readonly o: {
      url: string;
      /** NOTIFY goes through the app's pool; LISTEN needs a connection of its own. */
      pool: pg.Pool;
      /** A PostgreSQL identifier; notifications are per database already. */
      channel: string;
      log: RelayLog;
    },
  ) {}

  async start(receive: (payload: string) => void): Promise<void> {
    this.receive = receive;
    await this.listen();
  }

  /**
   * One round trip and one transaction for the whole flush; notifications of a transaction
   * arrive in order, and identical payloads in it would be folded into one, so the relay makes
   * each payload unique.
   */
  async publish(payloads: string[]): Promise<void> {
    if (payloads.length === 0) return;
    await this.o.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n', [
      this.o.channel,
      payloads,
    ]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.o.url });
    client.on('error', (err) => {
      this.o.log.warn({ err }, 'relay (pg) connection lost; reconnecting');
      this.reconnect();
    });
    client.on('notification', (n) => {
      if (n.channel === this.o.channel && n.payload) this.receive(n.payload);
    });
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(this.o.channel)}`);
    if (this.closed) await client.end().catch(() => {});
    else this.listener = client;
  }

  private reconnect(): void {
    if (this.closed) return;
    this.listener = null;
    setTimeout(() => {
      this.listen().catch(() => this.reconnect());
    }, RECONNECT_MS).unref();
  }
}
