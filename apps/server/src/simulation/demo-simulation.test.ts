import { cyclesPerDay, StationModel } from '@ess/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../db/schema';
import { createTestApp, type TestContext } from '../test/harness';
import { backfillStart, firstRack, operatingStations } from './demo-simulation';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
}, 120_000);
afterAll(() => ctx?.close());

/** Monday 00:00 in China. */
const START = new Date('2025-07-06T16:00:00Z');
const DAYS = 3;
/** The history backfill's step. */
const STEP_S = 300;

describe('the seeded demo stations as the simulator runs them', () => {
  it('gives every operating station its tariff and grid connection date', async () => {
    const sims = await operatingStations(ctx.database.db);
    expect(sims.map((s) => s.code).sort()).toEqual(['GD-GZ01', 'GD-SZ01', 'JS-NJ01', 'JS-SZ01', 'ZJ-HZ01']);
    for (const s of sims) {
      expect(s.touSegments?.length, s.code).toBeGreaterThan(0);
      expect(s.commissioned, s.code).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // Jiangsu's and Zhejiang's cuts; three stations stay on the example cut the server's tests price with.
    const cuts = new Set(sims.map((s) => JSON.stringify(s.touSegments)));
    expect(cuts.size).toBe(3);
  });

  it('runs them on schedules of their own, as many cycles a day as their tariff has peaks', async () => {
    const sims = await operatingStations(ctx.database.db);
    const modes = new Map<string, string>();
    for (const s of sims) {
      const m = new StationModel(s, { seed: 1, start: START });
      let pattern = '';
      for (let i = 1; i <= (DAYS * 86_400) / STEP_S; i++) {
        m.step(STEP_S, new Date(START.getTime() + i * STEP_S * 1000));
        const p = m.balance.storageKw / s.ratedPowerKw;
        pattern += p < -0.02 ? '-' : p > 0.02 ? '+' : '.';
      }
      modes.set(s.code, pattern);
      // Discharge runs (of at least 30 minutes) a day: one per peak window.
      const runs = pattern.match(/\+{6,}/g) ?? [];
      expect(runs.length / DAYS, s.code).toBeGreaterThanOrEqual(cyclesPerDay(m.windows));
    }
    const codes = [...modes.keys()];
    for (const [i, a] of codes.entries())
      for (const b of codes.slice(i + 1)) {
        const pa = modes.get(a) ?? '';
        const pb = modes.get(b) ?? '';
        const differ = [...pa].filter((c, k) => c !== pb[k]).length;
        expect(differ / pa.length, `${a} vs ${b}`).toBeGreaterThan(0.05);
      }
  }, 60_000);

  it("puts the first start's cell imbalance on a rack of the first station, Suzhou", async () => {
    const rows = await ctx.database.db
      .select({ sn: devices.sn, type: devices.type, stationId: devices.stationId })
      .from(devices);
    const sn = firstRack(rows);
    expect(sn).toMatch(/^JS-SZ01-/);
    expect(rows.find((d) => d.sn === sn)?.type).toMatch(/^(bms|cabinet)$/);
  });
});

describe('the history published before going live', () => {
  const now = Date.parse('2026-12-03T08:00:00Z');
  const hour = 3_600_000;
  const interval = 5_000;

  it('goes back the configured hours on a first start, and nowhere when they are 0', () => {
    expect(backfillStart(null, 24, interval, now)).toBe(now - 24 * hour);
    expect(backfillStart(null, 0, interval, now)).toBeNull();
  });

  it('resends the gap since the newest sample after a short outage (or a backfill cut short)', () => {
    expect(backfillStart(now - 2 * hour, 24, interval, now)).toBe(now - 2 * hour);
  });

  it('leaves a gap longer than the hours, and nothing to resend within two intervals', () => {
    expect(backfillStart(now - 25 * hour, 24, interval, now)).toBeNull();
    expect(backfillStart(now - 2 * interval, 24, interval, now)).toBeNull();
    expect(backfillStart(now - hour, 0, interval, now)).toBeNull();
  });
});
