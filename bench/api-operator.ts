/**
 * One simulated operator of bench/api.ts: a browser tab on a station's home page. It signs in
 * through the sealed login, makes the calls the signed-in frame and the home page make on load,
 * keeps the two live sockets the page holds (the frame's, for the alarm bell and messages, and
 * the home page's station view) and polls as their queries do. A sign-in answered 503
 * PASSWORD_BUSY (the server's password gate is full, or the server lets newcomers in at a lower
 * rate while it is behind: lib/server-load.ts) is tried again after its Retry-After, as the
 * login page does by itself: counted in `signInRetries`, not as an error.
 */
import {
  alarmApi,
  type Endpoint,
  type EndpointInput,
  homeConfigApi,
  LIVE_POLL_MS,
  messageApi,
  monitoringApi,
  POLL_ALARM_COUNT_MS,
  POLL_MESSAGES_MS,
  REQUEST_TIMEOUT_MS,
  ResultCode,
  sessionApi,
  shellApi,
  stationTree,
  themeApi,
  userInfo,
} from '@ess/contract';
import type WebSocket from 'ws';
import { type CallResult, callEndpoint, type Failure, Lane, type Recorder } from './api-client';
import { openLiveSocket, sealPassword } from './bench-session';

/** Connections a browser opens to one origin. */
const BROWSER_CONNECTIONS = 6;
/** The web client's backoff for a live socket that failed (lib/live/live-client.ts LiveGate). */
const SOCKET_RETRY_MS = { base: 1_000, max: 30_000 };
/** react-query's delay before its first retry. */
const QUERY_RETRY_MS = 1_000;
/** A user told "too many sign-ins" waits the Retry-After and up to this much more, then tries again. */
const SIGN_IN_JITTER_MS = 2_000;
/** Attempts before the user gives up (the last 503 then counts as an error). */
const SIGN_IN_ATTEMPTS = 20;

export type OperatorOptions = {
  base: string;
  port: number;
  username: string;
  password: string;
  /** Which of the user's stations this tab shows (round robin over them). */
  index: number;
  rec: Recorder;
};

/** A call the page repeats every `everyMs`; `once` makes it. */
type Poll = { once: () => Promise<CallResult>; everyMs: number };
type SocketKind = 'frame' | 'home';

export class Operator {
  private readonly lane = new Lane(BROWSER_CONNECTIONS);
  private token: string | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sockets = new Set<WebSocket>();
  private stopped = false;
  /** The station socket is down: the home page polls the energy flow instead (useStationLive). */
  private flowPoll: NodeJS.Timeout | null = null;
  private unread: (() => void) | null = null;
  private stationId = 0;
  /** Sockets waiting for their snapshot. */
  private opening = 0;
  /** Signed in, and every call of the page load answered (or failed after its retry). */
  loaded = false;
  /** Sign-ins answered 503 PASSWORD_BUSY and tried again after Retry-After. */
  signInRetries = 0;

  constructor(private readonly o: OperatorOptions) {}

  /** A plain call (sign-in). */
  private call<E extends Endpoint>(entry: E, input: EndpointInput<E>): Promise<CallResult> {
    return callEndpoint({ base: this.o.base, token: this.token, lane: this.lane, rec: this.o.rec }, entry, input);
  }

  /**
   * A query's call (lib/query-client.ts): one retry after a transport failure (no connection or
   * timeout), a second later as react-query waits; both attempts are recorded.
   */
  private async query<E extends Endpoint>(entry: E, input: EndpointInput<E>): Promise<CallResult> {
    const first = await this.call(entry, input);
    if (first.ok || (first.failure !== 'timeout' && first.failure !== 'network') || this.stopped) return first;
    await new Promise((r) => setTimeout(r, QUERY_RETRY_MS));
    return this.call(entry, input);
  }

  /**
   * Sign-in (lib/session/api/login.ts): the current login key, the password sealed with it. On
   * 503 PASSWORD_BUSY the operator waits Retry-After (plus jitter, so retries do not come back
   * together) and signs in again with a fresh seal; those answers are not recorded as calls.
   */
  private async signIn(): Promise<string | null> {
    for (let attempt = 1; ; attempt++) {
      const key = await this.call(sessionApi.publicKey, undefined);
      if (!key.ok) return null;
      const pem = sessionApi.publicKey.response.parse(key.data).publicKey;
      const body = { username: this.o.username, ...(await sealPassword(pem, this.o.password)), type: 'pc' };
      const answer = await this.loginOnce(JSON.stringify(body), attempt === SIGN_IN_ATTEMPTS);
      if (typeof answer === 'string' || answer === null) return answer;
      if (this.stopped) return null;
      this.signInRetries++;
      await new Promise((r) => setTimeout(r, answer.retryAfterS * 1000 + Math.random() * SIGN_IN_JITTER_MS));
    }
  }

  /**
   * One sign-in call, as callEndpoint makes it: the token, `{ retryAfterS }` for a 503
   * PASSWORD_BUSY to try again (unless `last`), or null after a failure it recorded.
   */
  private loginOnce(body: string, last: boolean): Promise<string | { retryAfterS: number } | null> {
    const entry = sessionApi.login;
    const name = `${entry.method} ${entry.path}`;
    return this.lane.run(async () => {
      const start = performance.now();
      const failed = (failure: Failure) => {
        this.o.rec.call(name, start, performance.now(), failure);
        return null;
      };
      try {
        const res = await fetch(`${this.o.base}/api${entry.path}`, {
          method: entry.method,
          headers: { lang: 'en_US', accept: 'application/json', 'content-type': 'application/json' },
          body,
          // The web client's limit (the login entry sets none of its own).
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const envelope = (await res.json().catch(() => ({}))) as { code?: unknown; data?: unknown };
        if (res.status === 503 && envelope.code === ResultCode.PASSWORD_BUSY && !last) {
          return { retryAfterS: Math.max(1, Number(res.headers.get('retry-after')) || 1) };
        }
        if (!res.ok) return failed('http');
        if (envelope.code !== ResultCode.OK) return failed('code');
        this.o.rec.call(name, start, performance.now());
        return entry.response.parse(envelope.data).accessToken;
      } catch (err) {
        return failed(err instanceof DOMException && err.name === 'TimeoutError' ? 'timeout' : 'network');
      }
    });
  }

  private poll<E extends Endpoint>(entry: E, input: EndpointInput<E>, everyMs: number): Poll {
    return { once: () => this.query(entry, input), everyMs };
  }

  /** Signs in and loads the page; resolves once every load call answered or failed (the sockets open on their own). */
  async start(): Promise<void> {
    this.token = await this.signIn();
    if (!this.token) return;

    // The frame's first calls, side by side (app/session-prefetch.ts): user, stations.
    const [user, tree] = await Promise.all([
      this.query(sessionApi.userInfo, undefined),
      this.query(shellApi.stationTree, {}),
    ]);
    if (!user.ok || !tree.ok) return;
    const userId = userInfo.parse(user.data).userId;
    const stations = stationTree.parse(tree.data).flatMap((p) => p.children);
    const station = stations[this.o.index % Math.max(1, stations.length)];
    if (!station) return;
    const stationId = station.id;
    this.stationId = stationId;

    // Calls with an interval besides their first load (refetchInterval in apps/web/src).
    const unreadBody = { receivingUser: userId, stationId, createStatus: 3, readStatus: 0, pageNum: 1, pageSize: 10 };
    const polls: Poll[] = [
      // Navbar bell and message bell (features/alarm/api/alarm-events.ts, features/messages/api/received-messages.ts).
      this.poll(alarmApi.alarmCount, { stationId }, POLL_ALARM_COUNT_MS),
      this.poll(messageApi.receivedMessages, unreadBody, POLL_MESSAGES_MS),
      // Home page blocks (features/home/api/home-blocks.ts, lib/station/storage-units.ts).
      this.poll(monitoringApi.pcsStationData, { stationId }, 60_000),
      this.poll(monitoringApi.realtimeCurve, { stationId }, 5 * 60_000),
      this.poll(monitoringApi.deviceStatus, { stationId }, 30_000),
      this.poll(monitoringApi.airCondition, { stationId }, 60_000),
      this.poll(monitoringApi.pvChargers, { stationId }, 60_000),
      this.poll(monitoringApi.storageUnits, { stationId }, 30_000),
      // Navbar and home page weather (lib/session/api/get-weather.ts).
      this.poll(shellApi.stationWeather, { stationId }, 30 * 60_000),
    ];
    // The sockets open beside the calls; the page does not wait for them.
    void this.keepSocket('frame');
    void this.keepSocket('home');
    // Everything else the frame and the home page load once the station is known.
    await Promise.all([
      this.query(shellApi.exclusiveMenu, { stationId }),
      this.query(themeApi.userTheme, { id: userId }),
      this.query(shellApi.platformInfo, undefined),
      this.query(monitoringApi.energyFlow, { stationId }),
      this.query(homeConfigApi.homeConfig, { id: stationId }),
      ...polls.map((p) => p.once()),
    ]);
    this.loaded = true;
    // The frame's socket says when the user's messages changed: the message bell refetches.
    this.unread = () => void this.query(messageApi.receivedMessages, unreadBody);
    // react-query repeats each call `everyMs` after the last. A control room's tabs were opened at
    // different times, so each poll's phase is spread over its period as in a steady state (counted
    // from the ramp, no 60 s poll would fall within a 30 s window after a 30 s ramp).
    for (const p of polls) this.repeat(p, Math.random() * p.everyMs);
  }

  private repeat(p: Poll, firstInMs: number): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      void p.once();
      this.repeat(p, p.everyMs);
    }, firstInMs);
    this.timers.add(t);
  }

  /**
   * A live socket kept open as LiveClient keeps it: it waits for the station's snapshot however
   * long it takes (recorded as the socket's latency; beyond a call's limit, a timeout), is reopened
   * after a failure with its backoff, and while the home page's socket is down the energy flow is
   * polled every LIVE_POLL_MS.
   */
  private async keepSocket(kind: SocketKind, failures = 0): Promise<void> {
    if (this.stopped || !this.token) return;
    const name = `live socket (${kind})`;
    const start = performance.now();
    this.opening++;
    let ws: WebSocket;
    try {
      ws = await openLiveSocket(
        this.o.port,
        this.token,
        this.stationId,
        (m) => {
          if (m.type === 'messages' && kind === 'frame') this.unread?.();
        },
        false,
      );
    } catch {
      this.o.rec.call(name, start, performance.now(), 'socket');
      this.socketDown(kind, failures + 1);
      return;
    } finally {
      this.opening--;
    }
    const end = performance.now();
    this.o.rec.call(name, start, end, end - start > REQUEST_TIMEOUT_MS ? 'timeout' : undefined);
    if (this.stopped) {
      ws.close();
      return;
    }
    this.sockets.add(ws);
    if (kind === 'home') this.pollFlow(false);
    ws.on('error', () => {});
    ws.once('close', () => {
      this.sockets.delete(ws);
      if (this.stopped) return;
      this.o.rec.socketFailed(name);
      this.socketDown(kind, 0);
    });
  }

  private socketDown(kind: SocketKind, failures: number): void {
    if (this.stopped) return;
    if (kind === 'home') this.pollFlow(true);
    const delay = Math.min(SOCKET_RETRY_MS.max, SOCKET_RETRY_MS.base * 2 ** failures) * (0.5 + Math.random() / 2);
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.keepSocket(kind, failures);
    }, delay);
    this.timers.add(t);
  }

  private pollFlow(on: boolean): void {
    if (this.flowPoll) clearInterval(this.flowPoll);
    this.flowPoll = null;
    if (!on || this.stopped || this.stationId === 0) return;
    const stationId = this.stationId;
    this.flowPoll = setInterval(() => void this.query(monitoringApi.energyFlow, { stationId }), LIVE_POLL_MS);
  }

  /** Closes the tab: no more polls, sockets closed. Calls in flight still finish (and are recorded). */
  stop(): void {
    this.stopped = true;
    // A socket still without its snapshot when the run ends never went live.
    for (let i = 0; i < this.opening; i++) this.o.rec.socketFailed('live socket (never live)');
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.pollFlow(false);
    for (const ws of this.sockets) ws.close();
    this.sockets.clear();
  }
}
