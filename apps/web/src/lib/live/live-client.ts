import {
  type Lang,
  LIVE_PATH,
  LIVE_SESSION_CLOSE_CODES,
  type LiveClientMessage,
  type LiveServerMessage,
  liveServerMessage,
} from '@ess/contract';

/** live: subscribed and receiving; connecting: first attempt under way; polling: the socket is down. */
export type LiveStatus = 'live' | 'polling' | 'connecting';

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
  /** Reconnect delays: base × 2^attempt, capped, with jitter. */
  backoff?: { baseMs: number; maxMs: number };
  random?: () => number;
};

const OPEN = 1;

/** The live socket of this origin (`ws:` or `wss:` like the page). */
export const liveUrl = (): string => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;

/**
 * The browser side of the live socket (contract live.ts): authenticates with the stored token,
 * follows one station, reconnects with exponential backoff. It stops reconnecting when the
 * server says the session ended; the caller's polling then meets the expired session and the
 * API client's usual handling signs the user out.
 */
export class LiveClient {
  private socket: SocketLike | null = null;
  private stationId: number | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private current: LiveStatus = 'connecting';
  private readonly messageListeners = new Set<(msg: LiveServerMessage) => void>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private readonly opts: Required<Omit<LiveClientOptions, 'url'>> & { url: string };

  constructor(options: LiveClientOptions) {
    this.opts = {
      url: options.url ?? liveUrl(),
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      backoff: options.backoff ?? { baseMs: 1_000, maxMs: 30_000 },
      random: options.random ?? Math.random,
      getToken: options.getToken,
      getLang: options.getLang,
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

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Follows a station (null: none); switching replaces the previous one. */
  subscribe(stationId: number | null): void {
    if (stationId === this.stationId) return;
    this.stationId = stationId;
    if (this.current === 'live') this.setStatus('connecting');
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
      this.setStatus('polling');
      // The session is over: reconnecting with the same token would fail again.
      if (LIVE_SESSION_CLOSE_CODES.includes(ev.code)) return;
      this.retry();
    };
  }

  private retry(): void {
    this.setStatus('polling');
    const { baseMs, maxMs } = this.opts.backoff;
    const delay = Math.min(maxMs, baseMs * 2 ** this.attempts) * (0.5 + this.opts.random() / 2);
    this.attempts++;
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
      this.attempts = 0;
      if (this.stationId !== null) this.send({ type: 'subscribe', stationId: this.stationId });
    } else if (msg.type === 'snapshot') {
      if (msg.stationId !== this.stationId) return;
      this.setStatus('live');
    }
    for (const fn of this.messageListeners) fn(msg);
  }

  private send(msg: LiveClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(msg));
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.current) return;
    this.current = status;
    for (const fn of this.statusListeners) fn(status);
  }
}
