import { DEFAULT_TIMEZONE, localClock } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { demoStation } from '../testing/demo-stations';
import { type DemoStation, demoFaultsBetween, demoFaultsOn, startDemoFaults } from './demo-faults';
import { StationModel } from './station-model';

const SEED = 1;
const DAY_MS = 86_400_000;
const FROM = Date.parse('2025-07-01T00:00:00+08:00');

function demoOf(m: StationModel, timezone?: string): DemoStation {
  return { code: m.code, timezone, devices: m.devices.map((d) => d.layout) };
}

describe('demo faults', () => {
  const sim = demoStation('JS-SZ01');
  const model = new StationModel(sim, { seed: SEED, start: new Date(FROM) });
  const station = demoOf(model, sim.timezone);
  const month = demoFaultsBetween(station, SEED, FROM, FROM + 30 * DAY_MS);

  it('raises each kind now and then, the hot rack in the afternoon, the same on every run', () => {
    const kinds = new Set(month.map((f) => f.kind));
    expect([...kinds].sort()).toEqual(['cellOverVoltage', 'commLoss', 'overTemperature']);
    // Now and then: not every day, and never more than one of a kind a day.
    expect(month.length).toBeGreaterThan(10);
    expect(month.length).toBeLessThan(30 * 3);
    for (const f of month.filter((x) => x.kind === 'overTemperature')) {
      const hour = localClock(f.atMs, sim.timezone ?? DEFAULT_TIMEZONE).minuteOfDay / 60;
      expect(hour).toBeGreaterThanOrEqual(14);
      expect(hour).toBeLessThan(16);
    }
    expect(demoFaultsBetween(station, SEED, FROM, FROM + 30 * DAY_MS)).toEqual(month);
    expect(demoFaultsBetween(station, SEED + 1, FROM, FROM + 30 * DAY_MS)).not.toEqual(month);
    // Windows that tile the month find each fault exactly once.
    const tiled = [0, 1, 2].flatMap((i) =>
      demoFaultsBetween(station, SEED, FROM + i * 10 * DAY_MS, FROM + (i + 1) * 10 * DAY_MS),
    );
    expect(tiled).toEqual(month);
  });

  it('trips a hot rack and lets it recover, under the model clock', () => {
    const hot = month.find((f) => f.kind === 'overTemperature');
    if (!hot) throw new Error('no hot rack this month');
    const start = hot.atMs - 30 * 60_000;
    const m = new StationModel(sim, { seed: SEED, start: new Date(start) });
    const at = (ms: number) => {
      let t = m.time.getTime();
      while (t < ms) {
        const next = Math.min(ms, t + 30_000);
        startDemoFaults(m, station, SEED, t, next);
        m.step((next - t) / 1000, new Date(next));
        t = next;
      }
      return m.readings(hot.sn) ?? {};
    };
    const before = at(hot.atMs - 60_000);
    expect(before.state ?? before.runState).not.toBe(3);
    const during = at(hot.atMs + 10 * 60_000);
    expect(during.cellTmax).toBeGreaterThan(55);
    expect(during.state ?? during.runState).toBe(3);
    const after = at(hot.atMs + 5 * 3_600_000);
    expect(after.cellTmax).toBeLessThan(50);
    expect(after.state ?? after.runState).not.toBe(3);
  });

  it('takes a device off the network for minutes, then back', () => {
    const loss = month.find((f) => f.kind === 'commLoss');
    if (!loss) throw new Error('no comm loss this month');
    const m = new StationModel(sim, { seed: SEED, start: new Date(loss.atMs - 60_000) });
    startDemoFaults(m, station, SEED, loss.atMs - 60_000, loss.atMs + 1);
    expect(m.faults.active(loss.sn, 'commLoss', new Date(loss.atMs + 60_000))).toBe(true);
    expect(m.faults.active(loss.sn, 'commLoss', new Date(loss.atMs + loss.seconds * 1000 + 1))).toBe(false);
  });

  it('draws only devices that can have the fault', () => {
    const types = new Map(station.devices.map((d) => [d.sn, d.type]));
    for (const f of month.filter((x) => x.kind !== 'commLoss')) expect(['bms', 'cabinet']).toContain(types.get(f.sn));
    expect(demoFaultsOn({ ...station, devices: [] }, SEED, '2025-07-01')).toEqual([]);
  });
});
