import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import type { SessionUser } from '../../../lib/types';

/** How a socket checks its rights in one round: sessions shared by the round's sockets of one token. */
export type RightsChecks = {
  /** The session of the token now (throws the 401 AppError of `authenticate` when it ended). */
  session: (token: string) => Promise<SessionUser>;
  /** Whether the station is in the user's scope now. */
  inScope: (user: SessionUser, stationId: number) => Promise<boolean>;
};

/** An open, signed-in socket, as the rights watch sees it. */
export type RightsHolder = {
  /** The station it follows now, or null. */
  readonly stationId: number | null;
  /** Re-authenticates (closing when the session ended) and drops a station no longer in scope. */
  recheck: (checks: RightsChecks) => Promise<void>;
};

export type LiveRightsDeps = {
  bus: TelemetryBus;
  authenticate: (token: string) => Promise<SessionUser>;
  /** The station scope as the station directory keeps it (re-read after a change). */
  inScope: (user: SessionUser, stationId: number) => Promise<boolean>;
  /** Every socket is re-checked this often besides the changes (rows changed behind the app's back). */
  sweepMs: number;
  onError: (err: unknown) => void;
};

/**
 * Sockets re-checked at once: a change of one user's or everyone's rights means thousands of
 * checks (a session read, a scope read), which run this many at a time with the event loop
 * turning in between, so they neither stall requests nor fill the database queue.
 */
export const RECHECK_BATCH = 25;
/**
 * The periodic re-check is spread over this many slices of `sweepMs`, each socket in one: a
 * control room's thousands of sockets re-checked at one moment queued the requests behind them
 * for a second (bench:api, docs/performance.md); a slice at a time, the same checks are steady.
 */
export const SWEEP_SLICES = 15;

/**
 * Keeps open sockets within their user's rights (issue 20, finding 7). A `sessionsChanged` (one
 * user or all, made here or relayed from another instance) re-checks that user's sockets or
 * every socket; a `devicesChanged` (a station added, moved, deleted) the sockets following that
 * station; and every socket is re-checked each `sweepMs`, a slice of them at a time. Checks wait for the next turn of the
 * event loop, so the session cache and the station directory have dropped what changed first.
 */
export class LiveRights {
  private readonly byUser = new Map<number, Set<RightsHolder>>();
  private readonly pending = new Set<RightsHolder>();
  private draining = false;
  private stopped = false;
  private readonly off: (() => void)[];
  private readonly sweep: ReturnType<typeof setInterval>;
  /** Each socket's slice of the periodic re-check, given round-robin. */
  private readonly sliceOf = new Map<RightsHolder, number>();
  private nextSlice = 0;
  private sweepTick = 0;

  constructor(private readonly deps: LiveRightsDeps) {
    this.off = [
      deps.bus.on('sessionsChanged', (c) => this.enqueue('all' in c ? this.all() : (this.byUser.get(c.userId) ?? []))),
      deps.bus.on('devicesChanged', ({ stationId }) =>
        this.enqueue([...this.all()].filter((h) => h.stationId === stationId)),
      ),
    ];
    this.sweep = setInterval(() => {
      const slice = this.sweepTick++ % SWEEP_SLICES;
      this.enqueue([...this.all()].filter((h) => this.sliceOf.get(h) === slice));
    }, deps.sweepMs / SWEEP_SLICES);
    this.sweep.unref();
  }

  /** Watches a signed-in socket of the user until the returned function is called. */
  add(userId: number, holder: RightsHolder): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(holder);
    this.sliceOf.set(holder, this.nextSlice++ % SWEEP_SLICES);
    return () => {
      this.pending.delete(holder);
      this.sliceOf.delete(holder);
      const s = this.byUser.get(userId);
      s?.delete(holder);
      if (s?.size === 0) this.byUser.delete(userId);
    };
  }

  /** Sockets watched (tests). */
  get size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  stop(): void {
    this.stopped = true;
    for (const f of this.off) f();
    clearInterval(this.sweep);
    this.pending.clear();
    this.byUser.clear();
    this.sliceOf.clear();
  }

  private *all(): Iterable<RightsHolder> {
    for (const set of this.byUser.values()) yield* set;
  }

  /** A socket already waiting is checked once; one under check is checked again (its read may predate the change). */
  private enqueue(holders: Iterable<RightsHolder>): void {
    if (this.stopped) return;
    for (const h of holders) this.pending.add(h);
    if (this.pending.size === 0 || this.draining) return;
    this.draining = true;
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size > 0 && !this.stopped) {
        const batch: RightsHolder[] = [];
        for (const h of this.pending) {
          batch.push(h);
          if (batch.length === RECHECK_BATCH) break;
        }
        for (const h of batch) this.pending.delete(h);
        const checks = this.checks();
        await Promise.all(batch.map((h) => h.recheck(checks).catch(this.deps.onError)));
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.draining = false;
    }
  }

  private checks(): RightsChecks {
    const sessions = new Map<string, Promise<SessionUser>>();
    return {
      session: (token) => {
        let s = sessions.get(token);
        if (!s) {
          s = this.deps.authenticate(token);
          sessions.set(token, s);
        }
        return s;
      },
      inScope: this.deps.inScope,
    };
  }
}
