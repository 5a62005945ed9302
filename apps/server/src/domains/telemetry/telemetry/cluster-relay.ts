import { randomBytes } from 'node:crypto';
import type {
  CommandChange,
  DeviceReadings,
  MessagesChange,
  SequenceChange,
  SessionsChange,
  StationAlarmChange,
  TelemetryBus,
} from '../../../kernel/telemetry-bus';
import type { RelayLog, RelayTransport } from '../../../lib/relay/relay-transport';

/**
 * Live push coalesces to 1 Hz per device; the relay sends this often, so a value committed on
 * one instance reaches a socket on another well within a second. Halving it from 200 ms halved
 * the cross-instance p50 at the same payload bytes (a device's values travel once a second
 * either way; docs/performance.md "Headroom").
 */
const FLUSH_MS = 100;
/** Room left in each payload for the envelope and separators. */
const ENVELOPE_BYTES = 64;

/** One relay message: its origin, then the changes of each kind, in the order they happened. */
type Message = {
  o: string;
  /** The sender's payload number. */
  n?: number;
  /** Committed values (newest per device and point since the last flush). */
  c?: DeviceReadings[];
  /** Devices, points or formulas of a station changed. */
  d?: { stationId: number }[];
  k?: CommandChange[];
  a?: StationAlarmChange[];
  s?: SequenceChange[];
  m?: MessagesChange[];
  /** Sessions revoked or rights changed: session caches drop those entries. */
  u?: SessionsChange[];
};
type Kind = Exclude<keyof Message, 'o' | 'n'>;
type Queue = Required<Omit<Message, 'o' | 'n' | 'c'>>;
const emptyQueue = (): Queue => ({ d: [], k: [], a: [], s: [], m: [], u: [] });

/**
 * Several server instances on one database each commit only their share of the telemetry and
 * make their own changes (commands, alarms, sequence runs, messages). This relay passes every
 * instance's committed values (coalesced per device, sent every FLUSH_MS), device changes and
 * live changes to the others through a transport (RELAY: PostgreSQL LISTEN/NOTIFY, Redis or
 * NATS), so each instance's live sockets and device status see the whole fleet. On arrival,
 * committed values become `relayedCommitted`, device changes `devicesChanged` (every instance
 * reloads what depends on them), and the rest `relayedLive`: live push only, so notifications
 * and metrics still count each change once, on the instance that made it. Session changes
 * (`sessionsChanged`: revoked sessions, changed rights) are sent at once rather than at the next
 * flush, and replayed as `sessionsChanged`, so another instance's session cache drops them
 * within one transport round trip (plus a publish already under way).
 */
export class ClusterRelay {
  private readonly origin = randomBytes(6).toString('hex');
  private readonly pending = new Map<number, DeviceReadings>();
  private queued = emptyQueue();
  private timer: NodeJS.Timeout | null = null;
  private replaying = false;
  private skipped = 0;
  private flushing = false;
  /** Something urgent was queued while a flush was under way: flush again when it ends. */
  private again = false;
  /** Numbers this instance's payloads: no two are identical (NOTIFY folds identical ones). */
  private sequence = 0;
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly o: {
      transport: RelayTransport;
      bus: TelemetryBus;
      /** Another instance committed data of these devices (device status). */
      onRemoteSeen: (deviceIds: number[]) => void;
      log: RelayLog;
      flushMs?: number;
    },
  ) {}

  get kind(): RelayTransport['kind'] {
    return this.o.transport.kind;
  }

  async start(): Promise<void> {
    await this.o.transport.start((payload) => this.receive(payload));
    const { bus } = this.o;
    this.off.push(
      bus.on('committed', (batch) => {
        for (const r of batch) {
          const prev = this.pending.get(r.deviceId);
          this.pending.set(r.deviceId, prev ? { ...r, values: { ...prev.values, ...r.values } } : r);
        }
      }),
      bus.on('devicesChanged', (c) => {
        if (!this.replaying) this.queued.d.push(c);
      }),
      bus.on('command', (c) => this.queued.k.push(c)),
      bus.on('alarm', (c) => this.queued.a.push(c)),
      bus.on('sequence', (c) => this.queued.s.push(c)),
      bus.on('messages', (c) => this.queued.m.push(c)),
      bus.on('sessionsChanged', (c) => {
        if (this.replaying) return;
        this.queued.u.push(c);
        void this.flush(true);
      }),
    );
    this.timer = setInterval(() => void this.flush(), this.o.flushMs ?? FLUSH_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    for (const f of this.off) f();
    if (this.timer) clearInterval(this.timer);
    await this.o.transport.close();
  }

  private receive(payload: string): void {
    let m: Message;
    try {
      m = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (m.o === this.origin) return;
    const { bus } = this.o;
    if (m.c && m.c.length > 0) {
      this.o.onRemoteSeen(m.c.map((r) => r.deviceId));
      bus.emit('relayedCommitted', m.c);
    }
    // Emitted locally without relaying them back.
    this.replaying = true;
    try {
      for (const d of m.d ?? []) bus.emit('devicesChanged', d);
      for (const u of m.u ?? []) bus.emit('sessionsChanged', u);
    } finally {
      this.replaying = false;
    }
    for (const change of m.k ?? []) bus.emit('relayedLive', { kind: 'command', change });
    for (const change of m.a ?? []) bus.emit('relayedLive', { kind: 'alarm', change });
    for (const change of m.s ?? []) bus.emit('relayedLive', { kind: 'sequence', change });
    for (const change of m.m ?? []) bus.emit('relayedLive', { kind: 'messages', change });
  }

  /** Packs what waits into payloads under the transport's size limit and sends them. */
  private async flush(urgent = false): Promise<void> {
    // A slow publish holds the next flush back (what waits accumulates), so changes keep their
    // order; an urgent one goes right after it.
    if (this.flushing) {
      if (urgent) this.again = true;
      return;
    }
    this.flushing = true;
    try {
      do {
        this.again = false;
        await this.flushNow();
      } while (this.again);
    } finally {
      this.flushing = false;
    }
  }

  private async flushNow(): Promise<void> {
    const readings = [...this.pending.values()];
    const queued = this.queued;
    // Session changes first: nothing else in the payload waits on them, and they matter most.
    const kinds = ['u', 'd', 'k', 'a', 's', 'm'] as const;
    if (readings.length === 0 && kinds.every((k) => queued[k].length === 0)) return;
    this.pending.clear();
    this.queued = emptyQueue();
    const items: [Kind, unknown][] = [];
    for (const kind of kinds) for (const x of queued[kind]) items.push([kind, x]);
    for (const r of readings) items.push(['c', r]);
    const payloads = this.pack(items);
    if (this.skipped > 0) {
      this.o.log.warn(
        { skipped: this.skipped, relay: this.kind },
        'relay: changes too large for one message not sent (RELAY=redis or nats takes more)',
      );
      this.skipped = 0;
    }
    try {
      await this.o.transport.publish(payloads);
    } catch (err) {
      this.o.log.warn({ err, relay: this.kind }, 'relay: publish failed');
    }
  }

  private pack(items: [Kind, unknown][]): string[] {
    const limit = this.o.transport.maxPayload - ENVELOPE_BYTES;
    const payloads: string[] = [];
    let current: Record<string, unknown[]> = {};
    let size = 0;
    const close = () => {
      if (size > 0) payloads.push(JSON.stringify({ o: this.origin, n: this.sequence++, ...current }));
      current = {};
      size = 0;
    };
    for (const [kind, item] of items) {
      // The item, its comma, and its kind's `"k":[]` when it is the first of its kind.
      const len = Buffer.byteLength(JSON.stringify(item)) + 1;
      // One change too large for a message is left out (live screens still poll).
      if (len + 6 > limit) {
        this.skipped++;
        continue;
      }
      if (size + len + (current[kind] ? 0 : 6) > limit) close();
      const list = current[kind] ?? [];
      size += len + (list.length === 0 ? 6 : 0);
      list.push(item);
      current[kind] = list;
    }
    close();
    return payloads;
  }
}
