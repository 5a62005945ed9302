import { LIVE_CLOSE, type StationSummary } from '@ess/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from './fake-socket';
import { LiveClient, LiveGate, type LiveStatus } from './live-client';

const summary = (stationId: number, storagePower: number): StationSummary => ({
  stationId,
  ts: 1,
  storagePower,
  soc: 50,
  pvPower: 0,
  loadPower: 0,
  gridPower: 0,
  chargerPower: 0,
});

describe('LiveClient', () => {
  let sockets: ReturnType<typeof fakeSockets>;
  let token: string | null;
  let statuses: LiveStatus[];
  let client: LiveClient;
  let signedOut: number;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = fakeSockets();
    token = 'tok-1';
    statuses = [];
    signedOut = 0;
    client = new LiveClient({
      url: 'ws://test/api/ws',
      getToken: () => token,
      getLang: () => 'ja_JP',
      createSocket: sockets.create,
      gate: new LiveGate({ backoff: { baseMs: 1000, maxMs: 8000 }, random: () => 1 }),
      onSessionEnded: () => signedOut++,
    });
    client.onStatus((s) => statuses.push(s));
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('authenticates with the stored token, subscribes once ready, and is live after the snapshot', () => {
    const received: string[] = [];
    client.onMessage((m) => received.push(m.type));
    client.subscribe(7);
    client.start();
    expect(client.status).toBe('connecting');
    const s = sockets.last();
    expect(s.url).toBe('ws://test/api/ws');
    s.open();
    expect(s.sent).toEqual([{ type: 'auth', token: 'tok-1', lang: 'ja_JP' }]);
    s.receive({ type: 'ready', userId: 2 });
    expect(s.sent[1]).toEqual({ type: 'subscribe', stationId: 7 });
    s.receive({ type: 'snapshot', stationId: 7, ts: 1, devices: [], summary: summary(7, 1) });
    expect(client.status).toBe('live');
    s.receive({ type: 'latest', stationId: 7, deviceId: 3, values: { p: { value: 1, ts: 2 } } });
    s.receive('not json');
    s.receive('{"type":"latest","deviceId":"x"}');
    expect(received).toEqual(['ready', 'snapshot', 'latest']);
    client.subscribe(8);
    expect(s.sent.at(-1)).toEqual({ type: 'subscribe', stationId: 8 });
    expect(client.status).toBe('connecting');
    // A late snapshot of the previous station does not count.
    s.receive({ type: 'snapshot', stationId: 7, ts: 1, devices: [], summary: summary(7, 1) });
    expect(client.status).toBe('connecting');
  });

  it('reconnects with exponential backoff, capped, and starts over once connected', () => {
    client.subscribe(1);
    client.start();
    sockets.last().drop();
    expect(client.status).toBe('polling');
    const delays = [1000, 2000, 4000, 8000, 8000];
    for (const [i, d] of delays.entries()) {
      vi.advanceTimersByTime(d - 1);
      expect(sockets.all).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(sockets.all).toHaveLength(i + 2);
      if (i < delays.length - 1) sockets.last().drop();
    }
    const s = sockets.last();
    s.open();
    s.receive({ type: 'ready', userId: 1 });
    s.receive({ type: 'snapshot', stationId: 1, ts: 1, devices: [], summary: summary(1, 0) });
    expect(statuses).toEqual(['polling', 'live']);
    s.drop();
    vi.advanceTimersByTime(1000);
    expect(sockets.all).toHaveLength(delays.length + 2);
  });

  it('signs out and stops reconnecting when the server ends the session (4002, 4003)', () => {
    for (const [i, code] of [LIVE_CLOSE.SESSION_EXPIRED, LIVE_CLOSE.SESSION_INVALID].entries()) {
      client.stop();
      vi.advanceTimersByTime(60_000); // a restart too waits for the backoff
      client.start();
      const before = sockets.all.length;
      sockets.last().drop(code, 'session');
      expect(client.status).toBe('polling');
      // The session flow takes over, as for a 401001 answer: to the login page.
      expect(signedOut).toBe(i + 1);
      vi.advanceTimersByTime(60_000);
      expect(sockets.all).toHaveLength(before);
    }
  });

  it('reconnects with the new token when the ended session is no longer the stored one', () => {
    client.subscribe(2);
    client.start();
    sockets.last().open();
    // Signed in again meanwhile (another tab): the old token's socket ends, the new one connects.
    token = 'tok-new';
    sockets.last().drop(LIVE_CLOSE.SESSION_INVALID, 'session invalid');
    expect(signedOut).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(sockets.all).toHaveLength(2);
    sockets.last().open();
    expect(sockets.last().sent[0]).toMatchObject({ type: 'auth', token: 'tok-new' });
  });

  it('stops following a station whose access was revoked, and says so until another is followed', () => {
    const received: string[] = [];
    client.onMessage((m) => received.push(m.type));
    client.subscribe(7);
    client.start();
    const s = sockets.last();
    s.open();
    s.receive({ type: 'ready', userId: 2 });
    s.receive({ type: 'snapshot', stationId: 7, ts: 1, devices: [], summary: summary(7, 1) });
    // Another station's revocation is not this client's.
    s.receive({ type: 'revoked', stationId: 8 });
    expect(client.status).toBe('live');
    s.receive({ type: 'revoked', stationId: 7 });
    expect(client.status).toBe('revoked');
    expect(received).toContain('revoked');
    // A dropped socket reconnects (the socket serves more than the station) but neither polls
    // nor asks for the station again.
    s.drop();
    expect(client.status).toBe('revoked');
    vi.advanceTimersByTime(1000);
    const again = sockets.last();
    expect(again).not.toBe(s);
    again.open();
    again.receive({ type: 'ready', userId: 2 });
    expect(again.sent).toEqual([{ type: 'auth', token: 'tok-1', lang: 'ja_JP' }]);
    expect(client.status).toBe('revoked');
    client.subscribe(7);
    expect(again.sent).toHaveLength(1);
    // Another station is followed as usual.
    client.subscribe(9);
    expect(client.status).toBe('connecting');
    expect(again.sent.at(-1)).toEqual({ type: 'subscribe', stationId: 9 });
    expect(statuses).toEqual(['live', 'revoked', 'connecting']);
  });

  it('waits for a token before connecting, and closes for good on stop', () => {
    token = null;
    client.start();
    expect(sockets.all).toHaveLength(0);
    expect(client.status).toBe('polling');
    token = 'tok-2';
    vi.advanceTimersByTime(1000);
    expect(sockets.all).toHaveLength(1);
    sockets.last().open();
    expect(sockets.last().sent[0]).toMatchObject({ token: 'tok-2' });
    client.stop();
    expect(sockets.last().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets.all).toHaveLength(1);
  });

  it('opens no socket sooner than the backoff however often it is restarted or resubscribed', () => {
    const opened: number[] = [];
    const create = (url: string) => {
      opened.push(Date.now());
      return sockets.create(url);
    };
    const gate = new LiveGate({ backoff: { baseMs: 1000, maxMs: 8000 }, random: () => 1 });
    const t0 = Date.now();
    // A component that remounts every 50 ms for 10 s: a new client, subscribed and started, each time.
    let prev: LiveClient | null = null;
    for (let t = 0; t < 10_000; t += 50) {
      prev?.stop();
      prev = new LiveClient({
        url: 'ws://test',
        getToken: () => token,
        getLang: () => 'en_US',
        createSocket: create,
        gate,
      });
      prev.subscribe(t % 100 === 0 ? 1 : 2);
      prev.start();
      prev.start();
      vi.advanceTimersByTime(50);
    }
    prev?.stop();
    // None accepted: 1, 2 and 4 s apart (then 8, the cap), not one socket per mount.
    expect(opened.map((t) => t - t0)).toEqual([0, 1000, 3000, 7000]);

    // One client stopped, resubscribed and started again every 10 ms: the same pace.
    const before = sockets.all.length;
    for (let t = 0; t < 5_000; t += 10) {
      client.stop();
      client.subscribe(t);
      client.start();
      vi.advanceTimersByTime(10);
    }
    expect(sockets.all.length - before).toBe(3); // at 0, 1 and 3 s
  });

  it('lets a new client connect at once after an accepted socket, as on a station switch', () => {
    const gate = new LiveGate({ backoff: { baseMs: 1000, maxMs: 8000 }, random: () => 1 });
    const make = () =>
      new LiveClient({
        url: 'ws://test',
        getToken: () => token,
        getLang: () => 'en_US',
        createSocket: sockets.create,
        gate,
      });
    // Four attempts that were not accepted: the next would wait 8 s.
    const first = make();
    first.start();
    for (const d of [1000, 2000, 4000]) {
      sockets.last().drop();
      vi.advanceTimersByTime(d);
    }
    expect(sockets.all).toHaveLength(4);
    sockets.last().open();
    sockets.last().receive({ type: 'ready', userId: 1 });
    vi.advanceTimersByTime(1000);
    first.stop();
    // Accepted: the next client (another station's page) does not wait out the grown backoff.
    const next = make();
    next.subscribe(2);
    next.start();
    expect(sockets.all).toHaveLength(5);
    expect(next.status).toBe('connecting');
    next.stop();
    // Within a base delay of that socket, a further one waits, polling meanwhile only if that
    // socket was not accepted.
    const third = make();
    third.start();
    expect(sockets.all).toHaveLength(5);
    expect(third.status).toBe('polling');
    vi.advanceTimersByTime(1000);
    expect(sockets.all).toHaveLength(6);
    third.stop();
  });
});
