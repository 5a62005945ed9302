import {
  type Lang,
  LIVE_PATH,
  LIVE_SESSION_CLOSE_CODES,
  type LiveClientMessage,
  type LiveServerMessage,
  liveServerMessage,
} from '@ess/contract';
import { handleExpired } from '../api/client';

/**
 * live: subscribed and receiving; connecting: first attempt under way; polling: the socket is
 * down; revoked: the user no longer has access to the station (nothing is asked of it again).
 */
export type LiveStatus = 'live' | 'polling' | 'connecting' | 'revoked';

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export type SocketLike = {
  readonly readyState: number;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
};

export type LiveClientOptions = {
  url?: string;
  getToken: () => string | null;
  getLang: () => Lang;
  createSocket?: (url: string) => SocketLike;
  /** When sockets may open; by default the page's one gate, shared by every client. */
  gate?: LiveGate;
  /**
   * The server closed the socket because the stored token's session ended (4002/4003); by
   * default the API client's handling of an ended session (warning, login page).
   */
  onSessionEnded?: () => void;
};

export type Backoff = { baseMs: number; maxMs: number };

/**
 * When the next live socket may open. One gate serves all the page's clients, so the pace holds
 * whatever the components do: a page that mounts, unmounts or re-renders its live view in a loop
 * makes new clients, not new sockets faster than the backoff (a tab once opened some 20 sockets
 * a second, until Chromium refused more: "Insufficient resources").
 *
 * Every attempt (a socket, or a check for a token) sets the earliest next one: base × 2^n after
 * it, n the attempts since the server last accepted a socket, capped, with jitter. A socket the
 * server ends pushes that to at least the same delay after its end. Acceptance starts over: the
 * next socket may open one base delay after the accepted one opened, so switching stations
 * does not wait.
 */
export class LiveGate {
  private failures = 0;
  private lastAttempt = Number.NEGATIVE_INFINITY;
  private nextAt = Number.NEGATIVE_INFINITY;
  private readonly backoff: Backoff;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(opts: { backoff?: Backoff; random?: () => number; now?: () => number } = {}) {
    this.backoff = opts.backoff ?? { baseMs: 1_000, maxMs: 30_000 };
    this.random = opts.random ?? (() => Math.random());
    this.now = opts.now ?? (() => Date.now());
  }

  /** Milliseconds until the next attempt may start (0: now). */
  wait(): number {
    return Math.max(0, Math.ceil(this.nextAt - this.now()));
  }

  /** Attempts since the server last accepted a socket (0: the last one was accepted). */
  get pending(): number {
    return this.failures;
  }

  /** An attempt starts now. */
  attempt(): void {
    this.lastAttempt = this.now();
    this.nextAt = this.lastAttempt + this.delay(this.failures);
    this.failures++;
  }

  /** The server accepted the socket (`ready`). */
  accepted(): void {
    this.failures = 0;
    this.nextAt = Math.min(this.nextAt, this.lastAttempt + this.delay(0));
  }

  /** The attempt failed now (no token, or the socket was closed by the server or the network). */
  failed(): void {
    this.nextAt = Math.max(this.nextAt, this.now() + this.delay(Math.max(0, this.failures - 1)));
  }

  private delay(n: number): number {
    const { baseMs, maxMs } = this.backoff;
    return Math.min(maxMs, baseMs * 2 ** n) * (0.5 + this.random() / 2);
  }
}

/** The page's gate (see LiveGate). */
export const pageGate = new LiveGate();

const OPEN = 1;

/** The live socket of this origin (`ws:` or `wss:` like the page). */
export const liveUrl = (): string => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;

/**
 * The browser side of the live socket (contract live.ts): authenticates with the stored token,
 * follows one station, reconnects with exponential backoff; its sockets open only as the gate
 * allows (LiveGate), however often it is started and stopped. When the server says the session
 * ended it stops reconnecting and signs the user out as an expired answer does (unless another
 * token was stored meanwhile: that one connects). A station the server revoked is not asked
 * for again until the client follows another.
 */
export class LiveClient {
  private socket: SocketLike | null = null;
  private stationId: number | null = null;
  /** The followed station, once the server said the user no longer has access to it. */
  private revoked: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private current: LiveStatus = 'connecting';
  private readonly messageListeners = new Set<(msg: LiveServerMessage) => void>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private readonly opts: Required<LiveClientOptions>;

  constructor(options: LiveClientOptions) {
    this.opts = {
      url: options.url ?? liveUrl(),
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      gate: options.gate ?? pageGate,
      getToken: options.getToken,
      getLang: options.getLang,
      onSessionEnded: options.onSessionEnded ?? handleExpired,
    };
  }

  get status(): LiveStatus {
    return this.current;
  }

  onMessage(fn: (msg: LiveServerMessage) => void): () => void {
    this.messageListeners.add(fn);
    return () => this.messageListeners.delete(fn);
  }

  onStatus(fn: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /**
   * Connects, as soon as the gate allows: at once unless a socket opened or failed just before
   * (another client's too). Until then the status says polling if the last attempt was not
   * accepted, else connecting.
   */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const wait = this.opts.gate.wait();
    if (wait === 0) {
      this.connect();
      return;
    }
    if (this.opts.gate.pending > 0) this.setStatus('polling');
    this.schedule(wait);
  }

  /** Follows a station (null: none); switching replaces the previous one. */
  subscribe(stationId: number | null): void {
    if (stationId === this.stationId) return;
    this.stationId = stationId;
    this.revoked = null;
    if (this.current === 'live' || this.current === 'revoked') this.setStatus('connecting');
    this.send(stationId === null ? { type: 'unsubscribe' } : { type: 'subscribe', stationId });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close(1000, 'done');
    }
  }

  private connect(): void {
    const { gate } = this.opts;
    // Never sooner than the gate allows, whoever calls.
    if (gate.wait() > 0) {
      this.schedule(gate.wait());
      return;
    }
    gate.attempt();
    const token = this.opts.getToken();
    if (!token) {
      this.retry();
      return;
    }
    const socket = this.opts.createSocket(this.opts.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token, lang: this.opts.getLang() }));
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      // The session is over: reconnecting with the same token would fail again.
      if (LIVE_SESSION_CLOSE_CODES.includes(ev.code) && this.opts.getToken() === token) {
        this.setStatus('polling');
        this.opts.gate.failed();
        this.opts.onSessionEnded();
        return;
      }
      this.retry();
    };
  }

  private retry(): void {
    this.setStatus('polling');
    this.opts.gate.failed();
    this.schedule(this.opts.gate.wait());
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private receive(data: unknown): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    const r = liveServerMessage.safeParse(parsed);
    if (!r.success) return;
    const msg = r.data;
    if (msg.type === 'ready') {
      this.opts.gate.accepted();
      if (this.stationId !== null && this.stationId !== this.revoked) {
        this.send({ type: 'subscribe', stationId: this.stationId });
      }
    } else if (msg.type === 'snapshot') {
      if (msg.stationId !== this.stationId) return;
      this.setStatus('live');
    } else if (msg.type === 'revoked' && msg.stationId === this.stationId) {
      this.revoked = msg.stationId;
      this.setStatus('revoked');
    }
    for (const fn of this.messageListeners) fn(msg);
  }

  private send(msg: LiveClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(msg));
  }

  private setStatus(status: LiveStatus): void {
    // A revoked station stays so whatever the socket does (no polling of what is refused).
    if (this.revoked !== null && this.revoked === this.stationId && status !== 'revoked') return;
    if (status === this.current) return;
    this.current = status;
    for (const fn of this.statusListeners) fn(status);
  }
}
