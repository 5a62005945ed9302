import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { CommandChange, DeviceReadings, TelemetryBus } from './telemetry-bus';

const CHANNEL = 'ess_telemetry_relay';
/** NOTIFY payloads must stay under 8,000 bytes. */
const MAX_PAYLOAD = 7_500;
/** Live push coalesces to 1 Hz per device anyway; the relay sends at most this often. */
const FLUSH_MS = 1_000;
const COMMANDS_PER_PAYLOAD = 5;

type Message = { o: string; c?: DeviceReadings[]; d?: { stationId: number }[]; k?: CommandChange[] };
type Log = { warn: (obj: object, msg: string) => void };

/**
 * Several server instances sharing an external broker each commit only their share of the
 * telemetry. This relay passes every instance's committed values (coalesced per device, at most
 * once a second), device changes and command state changes (sent, settled) to the others
 * through PostgreSQL LISTEN/NOTIFY, so each instance's live push and device status see the
 * whole fleet. Sized for live screens, not for
 * bulk data: a very large fleet should use a message bus made for it.
 */
export class ClusterRelay {
  private readonly origin = randomBytes(6).toString('hex');
  private readonly pending = new Map<number, DeviceReadings>();
  private pendingChanges: { stationId: number }[] = [];
  private pendingCommands: CommandChange[] = [];
  private listener: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private replaying = false;
  private closed = false;
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly o: {
      url: string;
      pool: pg.Pool;
      bus: TelemetryBus;
      /** Another instance committed data of these devices (device status). */
      onRemoteSeen: (deviceIds: number[]) => void;
      log: Log;
    },
  ) {}

  async start(): Promise<void> {
    await this.listen();
    const { bus } = this.o;
    this.off.push(
      bus.on('committed', (batch) => {
        for (const r of batch) {
          const prev = this.pending.get(r.deviceId);
          this.pending.set(r.deviceId, prev ? { ...r, values: { ...prev.values, ...r.values } } : r);
        }
      }),
      bus.on('devicesChanged', (c) => {
        if (!this.replaying) this.pendingChanges.push(c);
      }),
      bus.on('command', (c) => {
        if (!this.replaying) this.pendingCommands.push(c);
      }),
    );
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const f of this.off) f();
    if (this.timer) clearInterval(this.timer);
    await this.listener?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.o.url });
    client.on('error', (err) => {
      this.o.log.warn({ err }, 'telemetry relay connection lost; reconnecting');
      this.reconnect();
    });
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) this.receive(n.payload);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private reconnect(): void {
    if (this.closed) return;
    this.listener = null;
    setTimeout(() => {
      this.listen().catch(() => this.reconnect());
    }, 2_000).unref();
  }

  private receive(payload: string): void {
    let m: Message;
    try {
      m = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (m.o === this.origin) return;
    if (m.c && m.c.length > 0) {
      this.o.onRemoteSeen(m.c.map((r) => r.deviceId));
      this.o.bus.emit('relayedCommitted', m.c);
    }
    // Emitted locally without relaying them back.
    this.replaying = true;
    try {
      for (const c of m.d ?? []) this.o.bus.emit('devicesChanged', c);
      for (const k of m.k ?? []) this.o.bus.emit('command', k);
    } finally {
      this.replaying = false;
    }
  }

  /** Packs what waits into NOTIFY payloads under the size limit. */
  private async flush(): Promise<void> {
    if (this.pending.size === 0 && this.pendingChanges.length === 0 && this.pendingCommands.length === 0) return;
    const readings = [...this.pending.values()];
    const changes = this.pendingChanges;
    const commands = this.pendingCommands;
    this.pending.clear();
    this.pendingChanges = [];
    this.pendingCommands = [];
    const payloads: string[] = [];
    if (changes.length > 0) payloads.push(JSON.stringify({ o: this.origin, d: changes } satisfies Message));
    // A command row is under 1 KB (a device message is at most 500 characters): a few per payload.
    for (let i = 0; i < commands.length; i += COMMANDS_PER_PAYLOAD) {
      payloads.push(
        JSON.stringify({ o: this.origin, k: commands.slice(i, i + COMMANDS_PER_PAYLOAD) } satisfies Message),
      );
    }
    let batch: DeviceReadings[] = [];
    let size = 0;
    for (const r of readings) {
      const len = JSON.stringify(r).length + 1;
      if (batch.length > 0 && size + len > MAX_PAYLOAD - 40) {
        payloads.push(JSON.stringify({ o: this.origin, c: batch } satisfies Message));
        batch = [];
        size = 0;
      }
      // A single device too large for one payload is skipped (live screens poll as a fallback).
      if (len > MAX_PAYLOAD - 40) continue;
      batch.push(r);
      size += len;
    }
    if (batch.length > 0) payloads.push(JSON.stringify({ o: this.origin, c: batch } satisfies Message));
    try {
      for (const p of payloads) await this.o.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, p]);
    } catch (err) {
      this.o.log.warn({ err }, 'telemetry relay: notify failed');
    }
  }
}
