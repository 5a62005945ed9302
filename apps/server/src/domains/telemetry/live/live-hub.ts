import type { LiveValues, StationSummary } from '@ess/contract';
import type { Db } from '../../../db/client';
import type {
  CommandChange,
  DeviceReadings,
  DeviceStatusChange,
  MessagesChange,
  RelayedLive,
  SequenceChange,
  StationAlarmChange,
  TelemetryBus,
} from '../../../kernel/telemetry-bus';
import {
  emptySummary,
  findTotalsDevice,
  readSummary,
  type TotalsDevice,
  withValues,
} from '../../monitoring/monitoring';

/** What a live connection receives for the station it subscribed to. */
export type LiveSink = {
  latest: (deviceId: number, values: LiveValues) => void;
  status: (change: DeviceStatusChange) => void;
  summary: (summary: StationSummary) => void;
  /** Alarms raised, recovered or confirmed, with the station's unconfirmed count (not coalesced: the bell). */
  alarm: (change: StationAlarmChange) => void;
  /** A command to a device of the station was sent or settled (not coalesced: each state counts). */
  command: (change: CommandChange) => void;
  /** A sequential control run of the station changed (not coalesced: each step counts). */
  sequence: (change: SequenceChange) => void;
  /**
   * Holds what is sent until `release`: a committed batch updates many devices of a station, and
   * its frames leave in one write per socket instead of one system call each (with a thousand
   * sockets on a station, the calls stalled the event loop for most of a second).
   */
  hold: () => void;
  release: () => void;
};

/**
 * Sockets served per turn of the event loop: a batch for a control room's thousands of sockets
 * is sent in slices, with requests answered in between (one task of ~250 ms before).
 */
export const SINKS_PER_TURN = 200;

/** A committed batch's frames for one station, served to its sockets a slice at a time. */
type Delivery = { state: StationState; sinks: LiveSink[]; next: number; send: (sink: LiveSink) => void };

type StationState = {
  sinks: Set<LiveSink>;
  totals: TotalsDevice | null;
  summary: StationSummary;
  loading?: Promise<void>;
};

/**
 * Routes committed telemetry to the connections subscribed to its station: one bus listener for
 * all sockets. Keeps, per watched station, the station-totals device and the running summary,
 * updated from the committed values of that device; forgets a station when its last watcher leaves.
 */
export class LiveHub {
  private readonly stations = new Map<number, StationState>();
  /** Signed-in connections by user, for what concerns a user rather than a station (messages). */
  private readonly users = new Map<number, Set<() => void>>();
  private readonly off: (() => void)[];
  private readonly outbox: Delivery[] = [];
  private pumping = false;

  constructor(
    private readonly db: Db,
    bus: TelemetryBus,
  ) {
    this.off = [
      bus.on('committed', (batch) => this.onCommitted(batch)),
      bus.on('relayedCommitted', (batch) => this.onCommitted(batch)),
      bus.on('deviceStatus', (change) => this.onStatus(change)),
      bus.on('alarm', (change) => {
        const state = this.stations.get(change.stationId);
        if (state) this.each(state, (sink) => sink.alarm(change));
      }),
      bus.on('command', (change) => {
        const state = this.stations.get(change.stationId);
        if (state) this.each(state, (sink) => sink.command(change));
      }),
      bus.on('sequence', (change) => {
        const state = this.stations.get(change.stationId);
        if (state) this.each(state, (sink) => sink.sequence(change));
      }),
      bus.on('devicesChanged', ({ stationId }) => this.reloadTotals(stationId)),
      bus.on('messages', (change) => this.onMessages(change)),
      bus.on('relayedLive', (r) => this.onRelayed(r)),
    ];
  }

  /** Tells `notify` when the user's received messages change, until the returned function is called. */
  watchUser(userId: number, notify: () => void): () => void {
    let set = this.users.get(userId);
    if (!set) {
      set = new Set();
      this.users.set(userId, set);
    }
    set.add(notify);
    return () => {
      const s = this.users.get(userId);
      s?.delete(notify);
      if (s?.size === 0) this.users.delete(userId);
    };
  }

  /** Adds a watcher of the station, after loading its totals device and summary if needed. */
  async join(stationId: number, sink: LiveSink): Promise<void> {
    let state = this.stations.get(stationId);
    if (!state) {
      const fresh: StationState = { sinks: new Set(), totals: null, summary: emptySummary(stationId) };
      fresh.loading = this.load(stationId, fresh).catch((e: unknown) => {
        if (this.stations.get(stationId) === fresh) this.stations.delete(stationId);
        throw e;
      });
      this.stations.set(stationId, fresh);
      state = fresh;
    }
    state.sinks.add(sink);
    try {
      await state.loading;
    } catch (e) {
      this.leave(stationId, sink);
      throw e;
    }
  }

  leave(stationId: number, sink: LiveSink): void {
    const state = this.stations.get(stationId);
    if (!state) return;
    state.sinks.delete(sink);
    if (state.sinks.size === 0) this.stations.delete(stationId);
  }

  summaryOf(stationId: number): StationSummary {
    return this.stations.get(stationId)?.summary ?? emptySummary(stationId);
  }

  /** Number of watched stations (tests). */
  get watched(): number {
    return this.stations.size;
  }

  stop(): void {
    for (const f of this.off) f();
    this.outbox.length = 0;
    this.stations.clear();
    this.users.clear();
  }

  /** A change another instance made reaches this instance's sockets as if made here. */
  private onRelayed(r: RelayedLive): void {
    if (r.kind === 'messages') {
      this.onMessages(r.change);
      return;
    }
    const state = this.stations.get(r.change.stationId);
    if (!state) return;
    if (r.kind === 'alarm') this.each(state, (sink) => sink.alarm(r.change));
    else if (r.kind === 'command') this.each(state, (sink) => sink.command(r.change));
    else this.each(state, (sink) => sink.sequence(r.change));
  }

  private onMessages(change: MessagesChange): void {
    const targets = change.userIds === null ? [...this.users.values()] : change.userIds.map((u) => this.users.get(u));
    for (const set of targets) {
      for (const notify of set ?? []) {
        try {
          notify();
        } catch {
          set?.delete(notify);
        }
      }
    }
  }

  private async load(stationId: number, state: StationState): Promise<void> {
    state.totals = await findTotalsDevice(this.db, stationId);
    state.summary = await readSummary(this.db, stationId, state.totals);
  }

  private reloadTotals(stationId: number): void {
    const state = this.stations.get(stationId);
    if (!state) return;
    state.loading = findTotalsDevice(this.db, stationId)
      .then((totals) => {
        state.totals = totals;
      })
      // A failed reload keeps the previous totals device; the next change reloads again.
      .catch(() => {});
  }

  private onCommitted(batch: DeviceReadings[]): void {
    const byStation = new Map<StationState, DeviceReadings[]>();
    for (const r of batch) {
      const state = this.stations.get(r.stationId);
      if (!state) continue;
      const list = byStation.get(state);
      if (list) list.push(r);
      else byStation.set(state, [r]);
    }
    for (const [state, readings] of byStation) {
      // The summary moves on now, whenever each socket hears of it; its last value is what is sent.
      let summary: StationSummary | null = null;
      for (const r of readings) {
        if (state.totals?.deviceId !== r.deviceId) continue;
        summary = withValues(state.summary, r.values);
        state.summary = summary;
      }
      const latest = summary;
      this.outbox.push({
        state,
        sinks: [...state.sinks],
        next: 0,
        send: (sink) => {
          for (const r of readings) sink.latest(r.deviceId, r.values);
          if (latest) sink.summary(latest);
        },
      });
    }
    // Behind a pump already waiting for its turn: the turn's budget is shared, the order kept.
    if (!this.pumping) this.pump();
  }

  /**
   * Serves queued deliveries, SINKS_PER_TURN sockets a turn of the event loop, oldest batch
   * first (so no socket hears a newer batch before an older one); each socket's frames of a
   * batch go out between one hold and one release.
   */
  private pump(): void {
    let budget = SINKS_PER_TURN;
    while (budget > 0 && this.outbox.length > 0) {
      const job = this.outbox[0] as Delivery;
      while (budget > 0 && job.next < job.sinks.length) {
        const sink = job.sinks[job.next++] as LiveSink;
        budget--;
        // A socket gone since the batch came is skipped.
        if (job.state.sinks.has(sink)) this.serve(job.state, sink, job.send);
      }
      if (job.next >= job.sinks.length) this.outbox.shift();
    }
    if (this.outbox.length > 0 && !this.pumping) {
      this.pumping = true;
      setImmediate(() => {
        this.pumping = false;
        this.pump();
      });
    }
  }

  private serve(state: StationState, sink: LiveSink, send: (sink: LiveSink) => void): void {
    try {
      sink.hold();
      try {
        send(sink);
      } finally {
        sink.release();
      }
    } catch {
      state.sinks.delete(sink);
    }
  }

  private onStatus(change: DeviceStatusChange): void {
    const state = this.stations.get(change.stationId);
    if (state) this.each(state, (sink) => sink.status(change));
  }

  /** Bus listeners run inside the ingest's emit: one failing socket must not reach it or the others. */
  private each(state: StationState, deliver: (sink: LiveSink) => void): void {
    for (const sink of state.sinks) {
      try {
        deliver(sink);
      } catch {
        state.sinks.delete(sink);
      }
    }
  }
}
