import { describe, expect, it } from 'vitest';
import { RUN_STATE } from '../physics/converter';
import { demoStation } from '../testing/demo-stations';
import { StationModel } from './station-model';

/** Monday 22:00 in China: the evening flat of the Jiangsu and example tariffs, so storage idles unless told otherwise. */
const START = new Date('2025-07-07T14:00:00Z');

function station(code: string) {
  const m = new StationModel(demoStation(code), { seed: 11, start: START });
  let t = START.getTime();
  const run = (seconds: number, stepS = 10) => {
    for (let s = 0; s < seconds; s += stepS) {
      t += stepS * 1000;
      m.step(stepS, new Date(t));
    }
  };
  const now = () => new Date(t);
  const read = (sn: string) => m.readings(sn) ?? {};
  return { m, run, now, read };
}

describe('over-temperature', () => {
  it('drives one cell of the faulty cluster past 55 °C and trips it, then recovers', () => {
    const { m, run, now, read } = station('JS-SZ01');
    run(60);
    const healthy = read('JS-SZ01-BMS-1-2');
    m.injectFault('JS-SZ01-BMS-1-1', 'overTemperature', 600, now());
    run(300);
    const hot = read('JS-SZ01-BMS-1-1');
    expect(hot.cellTmax).toBeGreaterThan(55);
    expect(hot.state).toBe(3);
    expect(read('JS-SZ01-PCS-1').runState).toBe(RUN_STATE.fault);
    expect(read('JS-SZ01-PCS-1').p).toBe(0);
    // The container's air conditioner answers the hot cell.
    expect(read('JS-SZ01-AC-1').state).toBe(1);
    // The neighbour cluster and the other PCS are untouched.
    expect(read('JS-SZ01-BMS-1-2').cellTmax).toBeLessThan((healthy.cellTmax ?? 0) + 5);
    expect(read('JS-SZ01-PCS-2').runState).not.toBe(RUN_STATE.fault);

    const cell = hot.cellTmaxNo;
    run(200);
    expect(read('JS-SZ01-BMS-1-1').cellTmaxNo).toBe(cell);
    run(3 * 3600, 60);
    const after = read('JS-SZ01-BMS-1-1');
    expect(after.cellTmax).toBeLessThan(50);
    expect(after.state).not.toBe(3);
  });
});

describe('cell over-voltage', () => {
  it('lifts one cell of a cabinet above 3.65 V and the cabinet reports a fault', () => {
    const { m, run, now, read } = station('GD-GZ01');
    run(60);
    expect(read('GD-GZ01-CAB-01').cellVmax).toBeLessThan(3.6);
    m.injectFault('GD-GZ01-CAB-01', 'cellOverVoltage', 300, now());
    run(120);
    const v = read('GD-GZ01-CAB-01');
    expect(v.cellVmax).toBeGreaterThan(3.65);
    expect(v.runState).toBe(RUN_STATE.fault);
    expect(v.p).toBe(0);
    run(1800, 60);
    expect(read('GD-GZ01-CAB-01').cellVmax).toBeLessThan(3.6);
    expect(read('GD-GZ01-CAB-01').runState).not.toBe(RUN_STATE.fault);
  });
});

describe('communication loss', () => {
  it('is recorded for the duration on any device; cell faults need a battery', () => {
    const { m, now } = station('GD-GZ01');
    m.injectFault('GD-GZ01-MTR-GW', 'commLoss', 30, now());
    expect(m.faults.active('GD-GZ01-MTR-GW', 'commLoss', now())).toBe(true);
    expect(m.faults.active('GD-GZ01-MTR-GW', 'commLoss', new Date(now().getTime() + 31_000))).toBe(false);
    expect(() => m.injectFault('GD-GZ01-MTR-GW', 'overTemperature', 30, now())).toThrow(/battery/);
    expect(() => m.injectFault('NOPE', 'commLoss', 30, now())).toThrow(/unknown device/);
  });
});

describe('commands', () => {
  it('a cabinet pSet overrides the schedule within the limits', () => {
    const { m, run, now, read } = station('GD-GZ01');
    run(60);
    expect(read('GD-GZ01-CAB-01').p).toBe(0);
    expect(m.command('GD-GZ01-CAB-01', { pSet: -40 }, now())).toEqual({ status: 'success' });
    run(60);
    expect(read('GD-GZ01-CAB-01').p).toBeCloseTo(-40, 6);
    expect(read('GD-GZ01-CAB-01').runState).toBe(RUN_STATE.charging);
    expect(m.balance.gridKw).toBeCloseTo(m.balance.loadKw - m.balance.pvKw + 40, 6);
  });

  it('an EMS pSet drives the station; discharge stays within load − PV', () => {
    const { m, run, now } = station('JS-NJ01');
    run(60);
    expect(m.command('JS-NJ01-EMS', { pSet: -600 }, now()).status).toBe('success');
    run(60);
    expect(m.balance.storageKw).toBeCloseTo(-600, 6);
    expect(m.readings('JS-NJ01-EMS')?.mode).toBe(3);
    m.command('JS-NJ01-EMS', { pSet: 1000 }, now());
    run(60);
    expect(m.balance.storageKw).toBeGreaterThan(0);
    expect(m.balance.storageKw).toBeLessThanOrEqual(m.balance.loadKw - m.balance.pvKw + 1e-9);
  });

  it('startStop 0 shuts a unit down; runControl 0 holds the station idle', () => {
    const { m, run, now, read } = station('JS-SZ01');
    m.command('JS-SZ01-PCS-1', { startStop: 0 }, now());
    m.command('JS-SZ01-PCS-1', { pSet: -500 }, now());
    run(60);
    expect(read('JS-SZ01-PCS-1').runState).toBe(RUN_STATE.shutdown);
    expect(read('JS-SZ01-PCS-1').p).toBe(0);
    m.command('JS-SZ01-EMS', { runControl: 0 }, now());
    m.command('JS-SZ01-PCS-2', { pSet: -500 }, now());
    run(60);
    expect(m.balance.storageKw).toBe(0);
    expect(m.readings('JS-SZ01-EMS')?.mode).toBe(0);
  });

  it('an AC setTemp is applied', () => {
    const { m, now } = station('JS-SZ01');
    expect(m.command('JS-SZ01-AC-1', { setTemp: 22 }, now()).status).toBe('success');
    expect(m.storageUnits[0]?.enclosure.cooling.setTempC).toBe(22);
  });

  it('refuses unknown codes, measurements, out-of-range values and undefined states', () => {
    const { m, now } = station('GD-GZ01');
    const bad = (sn: string, points: Record<string, number>) => m.command(sn, points, now());
    expect(bad('GD-GZ01-CAB-01', { bogus: 1 })).toEqual({ status: 'failure', message: 'unknown point bogus' });
    expect(bad('GD-GZ01-CAB-01', { soc: 50 }).status).toBe('failure');
    expect(bad('GD-GZ01-CAB-01', { pSet: 101 }).message).toMatch(/out of range/);
    expect(bad('GD-GZ01-EMS', { pSet: 150 }).message).toMatch(/out of range/);
    expect(bad('GD-GZ01-CAB-01', { startStop: 2 }).status).toBe('failure');
    expect(bad('GD-GZ01-MTR-GW', { p: 1 }).status).toBe('failure');
    expect(bad('NOPE', { pSet: 1 }).status).toBe('failure');
    // All or nothing: a bad point leaves the good one unapplied.
    expect(bad('GD-GZ01-CAB-01', { startStop: 0, pSet: 500 }).status).toBe('failure');
    expect(m.storageUnits[0]?.running).toBe(true);
  });
});
