import type { Duplex } from 'node:stream';
import {
  type Lang,
  LIVE_CLOSE,
  type LiveServerMessage,
  type LiveValues,
  liveClientMessage,
  ResultCode,
  type StationSummary,
} from '@ess/contract';
import type { WebSocket } from 'ws';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n/messages';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { DeviceStatusChange } from '../../../kernel/telemetry-bus';
import { AppError } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { AuthService } from '../../access/auth';
import { readMessage } from '../../control/command';
import { renderRun } from '../../control/sequence';
import { Coalescer } from './coalescer';
import type { LiveHub, LiveSink } from './live-hub';
import type { LiveRights, RightsChecks, RightsHolder } from './live-rights';
import { buildSnapshot } from './live-snapshot';

export type LiveTimings = { authTimeoutMs: number; coalesceMs: number; pingMs: number; sessionCheckMs: number };
export type LiveDeps = {
  db: Db;
  auth: AuthService;
  hub: LiveHub;
  /** Re-checks the socket when its user's rights change (and periodically). */
  rights: LiveRights;
  timings: LiveTimings;
  /** Where unexpected failures of a message's handling are reported. */
  onError: (err: unknown) => void;
  /** The socket under the WebSocket, corked while the hub delivers a batch (LiveSink.hold). */
  transport?: Pick<Duplex, 'cork' | 'uncork'>;
};

/** A socket holding more than this unsent is busy: updates wait (merged) instead of queueing. */
const BUSY_BYTES = 256 * 1024;

/**
 * The `latest` frame of one device's values, serialised once: every follower of a station gets
 * the hub's same values object, and a control room has thousands of sockets (serialising per
 * socket stalled the event loop for hundreds of ms at each simulator tick).
 */
const latestFrames = new WeakMap<LiveValues, { stationId: number; deviceId: number; frame: Buffer }>();
function latestFrame(stationId: number, deviceId: number, values: LiveValues): Buffer {
  const hit = latestFrames.get(values);
  if (hit && hit.stationId === stationId && hit.deviceId === deviceId) return hit.frame;
  const msg: LiveServerMessage = { type: 'latest', stationId, deviceId, values };
  const frame = Buffer.from(JSON.stringify(msg));
  latestFrames.set(values, { stationId, deviceId, frame });
  return frame;
}

/**
 * One live socket: authenticate with the first message, then follow one station at a time.
 * Everything the socket receives after that is rate-limited per device (Coalescer). While
 * open it stays within its user's rights (LiveRights): a session that ended closes it, a
 * station no longer in scope is dropped with a `revoked` message.
 */
export class LiveConnection implements RightsHolder {
  private user: SessionUser | null = null;
  private unwatchUser: (() => void) | null = null;
  private unwatchRights: (() => void) | null = null;
  private token = '';
  private followed: number | null = null;
  private alive = true;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private readonly latest: Coalescer<LiveValues>;
  private readonly statuses: Coalescer<DeviceStatusChange>;
  private readonly summaries: Coalescer<StationSummary>;
  private readonly sink: LiveSink;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: LiveDeps,
    private lang: Lang,
  ) {
    const intervalMs = deps.timings.coalesceMs;
    this.latest = new Coalescer<LiveValues>({
      intervalMs,
      // A value alone in its window stays the hub's object, so its frame is shared (latestFrame).
      merge: (a, b) => (a ? { ...a, ...b } : b),
      send: (key, values) => this.sendLatest(Number(key), values),
    });
    this.statuses = new Coalescer<DeviceStatusChange>({
      intervalMs,
      merge: (_, b) => b,
      send: (_, c) => this.sendIfFree({ type: 'deviceStatus', ...c }),
    });
    this.summaries = new Coalescer<StationSummary>({
      intervalMs,
      merge: (_, b) => b,
      send: (_, summary) => this.sendIfFree({ type: 'summary', stationId: summary.stationId, summary }),
    });
    this.sink = {
      latest: (deviceId, values) => this.latest.push(String(deviceId), values),
      status: (change) => this.statuses.push(String(change.deviceId), change),
      summary: (summary) => this.summaries.push('summary', summary),
      alarm: (change) => this.send({ type: 'alarm', ...change }),
      command: ({ stationId, command }) =>
        this.send({
          type: 'command',
          stationId,
          command: { ...command, message: readMessage(command.message, this.lang) },
        }),
      sequence: ({ stationId, run }) => this.send({ type: 'sequence', stationId, run: renderRun(run, this.lang) }),
      hold: () => deps.transport?.cork(),
      release: () => deps.transport?.uncork(),
    };
  }

  start(): void {
    this.timers.push(
      setTimeout(() => {
        if (!this.user) this.close(LIVE_CLOSE.AUTH_TIMEOUT, 'authentication timeout');
      }, this.deps.timings.authTimeoutMs),
    );
    this.socket.on('message', (data, isBinary) => {
      // One message at a time, so a subscribe cannot overtake the auth before it.
      this.queue = this.queue.then(() => this.onMessage(isBinary ? null : data.toString())).catch(this.deps.onError);
    });
    this.socket.on('pong', () => {
      this.alive = true;
    });
    this.socket.on('close', () => this.cleanup());
    this.socket.on('error', () => this.cleanup());
  }

  private async onMessage(raw: string | null): Promise<void> {
    if (this.closed) return;
    const parsed = liveClientMessage.safeParse(parseJson(raw));
    if (!this.user) {
      if (!parsed.success || parsed.data.type !== 'auth') {
        return this.close(LIVE_CLOSE.AUTH_REQUIRED, 'first message must be {type:"auth", token}');
      }
      if (parsed.data.lang) this.lang = parsed.data.lang;
      return this.authenticate(parsed.data.token);
    }
    if (!parsed.success) return this.error(ResultCode.BAD_REQUEST, translate(this.lang, 'liveBadMessage'));
    const msg = parsed.data;
    if (msg.type === 'ping') this.send({ type: 'pong', ts: Date.now() });
    else if (msg.type === 'subscribe') await this.subscribe(msg.stationId);
    else if (msg.type === 'unsubscribe') {
      this.leave();
      this.send({ type: 'unsubscribed' });
    }
  }

  private async authenticate(token: string): Promise<void> {
    try {
      this.user = await this.deps.auth.authenticate(token);
    } catch (e) {
      return this.closeForSession(e);
    }
    this.token = token;
    this.send({ type: 'ready', userId: this.user.userId });
    this.unwatchUser = this.deps.hub.watchUser(this.user.userId, () => this.send({ type: 'messages' }));
    this.unwatchRights = this.deps.rights.add(this.user.userId, this);
    this.timers.push(setInterval(() => this.keepAlive(), this.deps.timings.pingMs));
  }

  get stationId(): number | null {
    return this.followed;
  }

  /** In line with the socket's messages, so a subscription under way is checked once it is made. */
  recheck(checks: RightsChecks): Promise<void> {
    this.queue = this.queue.then(() => this.checkRights(checks)).catch(this.deps.onError);
    return this.queue;
  }

  private async subscribe(stationId: number): Promise<void> {
    const user = this.user;
    if (!user) return;
    try {
      await assertStationInScope(this.deps.db, user, stationId);
    } catch (e) {
      if (e instanceof AppError) return this.error(e.code, translate(this.lang, e.key, e.params));
      throw e;
    }
    this.leave();
    this.followed = stationId;
    // Updates that arrive while the snapshot is read wait, and go out after it (newest wins).
    for (const c of this.coalescers()) c.pause();
    try {
      await this.deps.hub.join(stationId, this.sink);
      const snapshot = await buildSnapshot(this.deps.db, this.deps.hub, stationId, this.lang);
      if (this.followed !== stationId || this.closed) return;
      this.send(snapshot);
    } catch (e) {
      this.deps.onError(e);
      if (this.followed === stationId) this.leave();
      return this.error(ResultCode.SERVER_ERROR, translate(this.lang, 'serverError'));
    }
    for (const c of this.coalescers()) c.resume();
  }

  private leave(): void {
    if (this.followed !== null) this.deps.hub.leave(this.followed, this.sink);
    this.followed = null;
    for (const c of this.coalescers()) c.clear();
  }

  private keepAlive(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  /**
   * A session that expired or was revoked (logout, password change, user disabled) ends the
   * socket; a followed station no longer in the scope is dropped and the client told. A check
   * that fails otherwise (database unreachable) changes nothing: the next one decides.
   */
  private async checkRights(checks: RightsChecks): Promise<void> {
    if (this.closed) return;
    let user: SessionUser;
    try {
      user = await checks.session(this.token);
    } catch (e) {
      if (e instanceof AppError && e.status === 401) this.closeForSession(e);
      return;
    }
    // Roles, organisation or flags may have changed: later subscriptions are checked with these.
    this.user = user;
    const stationId = this.followed;
    if (stationId === null || this.closed) return;
    const allowed = await checks.inScope(user, stationId).catch(() => true);
    if (allowed || this.closed || this.followed !== stationId) return;
    this.leave();
    this.send({ type: 'revoked', stationId });
  }

  private closeForSession(e: unknown): void {
    const expired = e instanceof AppError && e.code === ResultCode.SESSION_EXPIRED;
    if (expired) this.close(LIVE_CLOSE.SESSION_EXPIRED, 'session expired');
    else this.close(LIVE_CLOSE.SESSION_INVALID, 'session invalid');
  }

  private coalescers() {
    return [this.latest, this.statuses, this.summaries];
  }

  private error(code: number, msg: string): void {
    this.send({ type: 'error', code, msg });
  }

  private send(msg: LiveServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  /** Like sendIfFree, with the frame serialised once for every follower of the station. */
  private sendLatest(deviceId: number, values: LiveValues): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return true;
    if (this.socket.bufferedAmount > BUSY_BYTES) return false;
    this.socket.send(latestFrame(this.followed ?? 0, deviceId, values), { binary: false });
    return true;
  }

  /** Sends unless the socket is busy; a closed socket counts as done (nothing to keep). */
  private sendIfFree(msg: LiveServerMessage): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return true;
    if (this.socket.bufferedAmount > BUSY_BYTES) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  private close(code: number, reason: string): void {
    this.cleanup();
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.unwatchUser?.();
    this.unwatchRights?.();
    this.leave();
  }
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
