import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelemetryBus } from '../../../kernel/telemetry-bus';
import type { SessionUser } from '../../../lib/types';
import { LiveRights, RECHECK_BATCH, type RightsChecks, type RightsHolder, SWEEP_SLICES } from './live-rights';

const userOf = (token: string): SessionUser => ({
  userId: Number(token.split(':')[0]),
  username: token,
  deptId: null,
  roles: [],
  perms: new Set(),
  isAdmin: false,
  readOnly: false,
  groupWide: false,
  demo: false,
  sessionKind: 'pc',
  sessionId: 1,
  stationCodes: null,
});

/** A socket stand-in: counts its checks, and how many checks of all sockets run at once. */
class Holder implements RightsHolder {
  checks = 0;
  constructor(
    readonly token: string,
    readonly stationId: number | null,
    private readonly load: { now: number; max: number; order: string[] },
  ) {}
  async recheck(checks: RightsChecks): Promise<void> {
    this.load.now++;
    this.load.max = Math.max(this.load.max, this.load.now);
    this.load.order.push('check');
    this.checks++;
    await checks.session(this.token);
    // A database read: a few turns of the event loop.
    await new Promise((r) => setImmediate(r));
    this.load.now--;
  }
}

let rights: LiveRights | null = null;
afterEach(() => rights?.stop());

function setup(sweepMs = 60_000) {
  const bus = new TelemetryBus();
  const load = { now: 0, max: 0, order: [] as string[] };
  const authenticate = vi.fn(async (token: string) => userOf(token));
  rights = new LiveRights({ bus, authenticate, inScope: async () => true, sweepMs, onError: () => {} });
  const watched = rights;
  const add = (userId: number, stationId: number | null, session = 'a') => {
    const h = new Holder(`${userId}:${session}`, stationId, load);
    return { holder: h, remove: watched.add(userId, h) };
  };
  return { bus, load, authenticate, add };
}

describe('live rights: which sockets a change re-checks, and how', () => {
  it('re-checks every socket after a change for everyone, a batch at a time with the event loop turning', async () => {
    const { bus, load, add } = setup();
    const holders = Array.from({ length: 10 * RECHECK_BATCH }, (_, i) => add(i + 1, i % 7).holder);
    bus.emit('sessionsChanged', { all: true });
    // Not inside the emit: the session cache and station directory hear the change first.
    expect(load.order).toEqual([]);
    let turns = 0;
    const turn = () => {
      load.order.push('turn');
      turns++;
      if (holders.some((h) => h.checks === 0)) setImmediate(turn);
    };
    setImmediate(turn);
    await vi.waitFor(() => expect(holders.every((h) => h.checks === 1)).toBe(true));
    expect(load.max).toBeLessThanOrEqual(RECHECK_BATCH);
    // Other work ran between the batches, not only before or after them.
    const firstTurnAfterChecks = load.order.indexOf('turn', load.order.indexOf('check'));
    expect(firstTurnAfterChecks).toBeGreaterThan(-1);
    expect(load.order.lastIndexOf('check')).toBeGreaterThan(firstTurnAfterChecks);
    expect(turns).toBeGreaterThan(5);
  });

  it('re-checks one user’s sockets for that user’s change, and a station’s followers for a station change', async () => {
    const { bus, add } = setup();
    const a1 = add(1, 10).holder;
    const a2 = add(1, null, 'b').holder;
    const b = add(2, 10).holder;
    const c = add(3, 11).holder;
    bus.emit('sessionsChanged', { userId: 1 });
    await vi.waitFor(() => expect([a1.checks, a2.checks]).toEqual([1, 1]));
    bus.emit('devicesChanged', { stationId: 10 });
    await vi.waitFor(() => expect([a1.checks, b.checks]).toEqual([2, 1]));
    // Changes for other users and stations reach only theirs: wait for those checks, then compare.
    bus.emit('devicesChanged', { stationId: 11 });
    await vi.waitFor(() => expect(c.checks).toBe(1));
    expect([a1.checks, a2.checks, b.checks]).toEqual([2, 1, 1]);
  });

  it('reads a session once per batch for the sockets sharing its token; a closed socket is not checked', async () => {
    const { bus, add, authenticate } = setup();
    const tab = [add(5, 1).holder, add(5, 2).holder, add(5, null).holder];
    const gone = add(6, 1);
    gone.remove();
    bus.emit('sessionsChanged', { all: true });
    await vi.waitFor(() => expect(tab.every((h) => h.checks === 1)).toBe(true));
    expect(authenticate).toHaveBeenCalledTimes(1);
    expect(gone.holder.checks).toBe(0);
    expect(rights?.size).toBe(3);
  });

  it('re-checks every socket periodically, changes or not (rows changed by hand)', async () => {
    const { add } = setup(30);
    const holders = [add(1, 1).holder, add(2, null).holder];
    await vi.waitFor(() => expect(holders.every((h) => h.checks >= 2)).toBe(true));
  });

  it('spreads the periodic re-check over the period: each socket once per sweep, a slice at a time', async () => {
    // Only the sweep's clock is controlled; the queue's turns of the event loop run as they do.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const sweepMs = 15_000;
      const { load, add } = setup(sweepMs);
      const holders = Array.from({ length: 3 * SWEEP_SLICES }, (_, i) => add(i + 1, 1).holder);
      const checked = () => holders.reduce((n, h) => n + h.checks, 0);
      for (let i = 1; i <= SWEEP_SLICES; i++) {
        vi.advanceTimersByTime(sweepMs / SWEEP_SLICES);
        // The queue's own turns (vi.waitFor would move the controlled clock on).
        for (let turn = 0; turn < 20; turn++) await new Promise((r) => setImmediate(r));
        expect(checked()).toBe(3 * i);
        expect(load.max).toBeLessThanOrEqual(3);
      }
      expect(holders.every((h) => h.checks === 1)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
