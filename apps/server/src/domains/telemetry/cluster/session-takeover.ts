import type { Db } from '../../../db/client';
import type { AdoptedSessions, ExternalIngest } from '../../../mqtt/external-ingest';
import type { AdoptionEnd } from '../../../mqtt/mqtt-connection';
import { beatInstance, claimStopped, forgetInstance, type InstanceSelf, registerInstance } from './instance.repository';

export type TakeoverTimings = {
  /** How often this instance beats. */
  beatMs: number;
  /** How often it looks for stopped instances (and beats when due). */
  checkMs: number;
  /** A beat older than this: the instance stopped. */
  staleMs: number;
};

/** A kill is seen within staleMs + checkMs (7 s), well inside the 10 s issue 15 allows. */
export const DEFAULT_TIMINGS: TakeoverTimings = { beatMs: 2_000, checkMs: 1_000, staleMs: 6_000 };

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** What the takeover needs of the subscriber. */
export type SessionAdopter = Pick<ExternalIngest, 'adopt' | 'acked'>;

/**
 * Instances on one external broker and database: each beats in `sys_instance`; when one stops
 * beating, one live instance claims it and serves its persistent MQTT sessions. Mosquitto keeps
 * giving a stopped instance's sessions their turn of the shared subscription, so without this
 * that share of the telemetry would wait for the instance to return (and be lost when its
 * sessions expire). The owner's return takes its sessions back on the broker (the adopter's
 * connections end quietly) and its first beat ends the claim.
 */
export class SessionTakeover {
  private readonly held = new Map<string, AdoptedSessions | 'opening'>();
  /** Instances that took their sessions back: not claimed again before this time. */
  private readonly cooldown = new Map<string, number>();
  private adopter: SessionAdopter | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastBeat = 0;
  private closed = false;

  constructor(private readonly deps: { db: Db; self: InstanceSelf; log: Log; timings?: TakeoverTimings }) {}

  private get t(): TakeoverTimings {
    return this.deps.timings ?? DEFAULT_TIMINGS;
  }

  /** Before the subscriber connects: a restarted instance's claim ends, so no one takes its sessions again. */
  async register(): Promise<void> {
    const { db, self, log } = this.deps;
    const other = await registerInstance(db, self, this.t.staleMs / 1000);
    if (other)
      log.warn(
        { id: self.id, other },
        'another live instance uses this MQTT_CLIENT_ID: give each instance its own, or they take each other’s sessions',
      );
    this.lastBeat = Date.now();
  }

  start(adopter: SessionAdopter): void {
    this.adopter = adopter;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.check().finally(() => (this.running = null));
    }, this.t.checkMs);
    this.timer.unref();
  }

  /** Stops beating and gives the adopted sessions back to the broker (another instance claims them). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    const held = [...this.held.values()];
    this.held.clear();
    await Promise.all(held.map((h) => (h === 'opening' ? undefined : h.release())));
  }

  private async check(): Promise<void> {
    const { db, self, log } = this.deps;
    const adopter = this.adopter;
    if (!adopter || this.closed) return;
    try {
      if (Date.now() - this.lastBeat >= this.t.beatMs) {
        const at = Date.now();
        if (!(await beatInstance(db, self.id, adopter.acked()))) await this.register();
        this.lastBeat = at;
      }
      const stopped = await claimStopped(db, self.id, this.t.staleMs / 1000);
      const now = Date.now();
      const wanted = new Map(
        stopped.filter((s) => (this.cooldown.get(s.id) ?? 0) <= now).map((s) => [s.id, s] as const),
      );
      for (const [id, h] of this.held) {
        if (wanted.has(id) || h === 'opening') continue;
        // Its beat is back, or another instance holds the claim: its sessions are not ours to serve.
        this.held.delete(id);
        await h.release();
        log.info({ instance: id }, 'gave back the MQTT sessions of an instance that is back');
      }
      for (const s of wanted.values()) if (!this.held.has(s.id)) this.adopt(adopter, s);
    } catch (err) {
      log.warn({ err }, 'instance heartbeat or takeover check failed');
    }
  }

  private adopt(adopter: SessionAdopter, s: { id: string; connections: number; silentS: number }): void {
    const { log } = this.deps;
    this.held.set(s.id, 'opening');
    adopter
      .adopt(s.id, s.connections, (reasons) => this.ended(s.id, reasons))
      .then((sessions) => {
        if (this.held.get(s.id) !== 'opening' || this.closed) return sessions.release();
        this.held.set(s.id, sessions);
        // None found: `ended` says why.
        if (sessions.held > 0)
          log.info(
            { instance: s.id, sessions: sessions.held, silentS: Math.round(s.silentS * 10) / 10 },
            'adopted the MQTT sessions of a stopped instance',
          );
      })
      .catch((err: unknown) => {
        this.held.delete(s.id);
        log.warn({ err, instance: s.id }, 'adopting the MQTT sessions of a stopped instance failed');
      });
  }

  /** Every adopted connection of `id` ended by itself. */
  private ended(id: string, reasons: AdoptionEnd[]): void {
    const { db, self, log } = this.deps;
    this.held.delete(id);
    log.info({ instance: id, reasons }, 'adopted MQTT sessions ended');
    if (reasons.every((r) => r === 'noSession')) {
      // Expired on the broker: nothing left to serve, and no turn of the shared subscription.
      void forgetInstance(db, id, self.id, this.t.staleMs / 1000).catch((err: unknown) =>
        log.warn({ err, instance: id }, 'stopped instance not forgotten'),
      );
      return;
    }
    // Mosquitto may just close the line when the owner connects again (a takeover looks like a
    // lost line): give the owner's beat time to show before taking its sessions again, so an
    // instance whose beats were late is not fought over.
    this.cooldown.set(id, Date.now() + this.t.staleMs);
  }
}
