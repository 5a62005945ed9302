import { deviceModel } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { DEADBAND_SHARE, reportedPoints, SLOW_EVERY, TelemetryEncoder } from './telemetry-encoder';

const model = (code: string) => {
  const m = deviceModel(code);
  if (!m) throw new Error(code);
  return m;
};

const valuesFor = (code: string) =>
  Object.fromEntries(reportedPoints(model(code)).map((p, i) => [p.code, i + 0.123456]));

describe('TelemetryEncoder', () => {
  it('sends every reported point first, then fast points, then all again every SLOW_EVERY-th', () => {
    const pcs = model('PCS-1250');
    const enc = new TelemetryEncoder(pcs);
    const all = reportedPoints(pcs).map((p) => p.code);
    const fast = pcs.points.filter((p) => p.fast).map((p) => p.code);
    const keys = Array.from({ length: SLOW_EVERY + 1 }, (_, i) =>
      Object.keys(enc.encode(valuesFor('PCS-1250'), 1000 + i).values).sort(),
    );
    expect(keys[0]).toEqual([...all].sort());
    for (let i = 1; i < SLOW_EVERY; i++) expect(keys[i]).toEqual([...fast].sort());
    expect(keys[SLOW_EVERY]).toEqual([...all].sort());
  });

  it('sends every point with a status change, and no value the device does not have', () => {
    const enc = new TelemetryEncoder(model('DC-120'));
    const idle = { state: 0, p: 0, voltage: 0, current: 0, sessionEnergy: 12, totalEnergy: 900 };
    expect(enc.encode(idle, 1).values).not.toHaveProperty('evSoc');
    expect(Object.keys(enc.encode(idle, 2).values).sort()).toEqual(['p', 'state']);
    // A car arrives: its SOC travels with the new state, not a minute later.
    const charging = { ...idle, state: 1, p: 60, voltage: 380, current: 158, evSoc: 31.24 };
    expect(enc.encode(charging, 3).values).toMatchObject({ state: 1, evSoc: 31.2, voltage: 380 });
    expect(Object.keys(enc.encode(charging, 4).values).sort()).toEqual(['p', 'state']);
  });

  it('never sends setpoints or controls', () => {
    const msg = new TelemetryEncoder(model('CAB-215')).encode({ ...valuesFor('CAB-215'), pSet: 5, startStop: 1 }, 1);
    expect(msg.values).not.toHaveProperty('pSet');
    expect(msg.values).not.toHaveProperty('startStop');
  });

  it('rounds each value to its point precision and drops non-finite values', () => {
    const enc = new TelemetryEncoder(model('METER-3P'));
    const msg = enc.encode({ p: 12.345, pf: 0.98765, freq: 50.0049, ua: Number.NaN }, 7);
    expect(msg).toEqual({ ts: 7, values: { p: 12.3, pf: 0.988, freq: 50 } });
  });

  it('keeps a device without fast points alive with its status points every interval', () => {
    const enc = new TelemetryEncoder(model('AC-15'));
    enc.encode(valuesFor('AC-15'), 1);
    expect(Object.keys(enc.encode(valuesFor('AC-15'), 2).values)).toEqual(['state']);
  });

  it('sends who is in control every interval: the EMS between its full messages', () => {
    const enc = new TelemetryEncoder(model('EMS-3000'));
    enc.encode(valuesFor('EMS-3000'), 1);
    expect(Object.keys(enc.encode(valuesFor('EMS-3000'), 2).values).sort()).toEqual(['ctrlSince', 'ctrlSource']);
  });

  it('sends a slow point with limits at once when it leaves its deadband, and not when it drifts within it', () => {
    const bms = model('BMS-C1250');
    const tmax = bms.points.find((p) => p.code === 'cellTmax');
    if (tmax?.min === undefined || tmax.max === undefined) throw new Error('cellTmax has no range');
    const deadband = (tmax.max - tmax.min) * DEADBAND_SHARE;
    const enc = new TelemetryEncoder(bms);
    const base = valuesFor('BMS-C1250');
    const at = (cellTmax: number, ts: number) => enc.encode({ ...base, cellTmax }, ts).values;
    expect(at(30, 1)).toHaveProperty('cellTmax', 30);
    // Within the band of the value last sent, however many small steps: the slow schedule.
    expect(at(30 + deadband / 2, 2)).not.toHaveProperty('cellTmax');
    expect(at(30 + deadband * 0.9, 3)).not.toHaveProperty('cellTmax');
    // Out of it: sent now, and the band moves with it.
    const hot = 30 + deadband * 1.5;
    expect(at(hot, 4)).toHaveProperty('cellTmax', Number(hot.toFixed(tmax.precision)));
    expect(at(hot + deadband / 2, 5)).not.toHaveProperty('cellTmax');
    // Points without limits keep the slow schedule however far they move.
    expect(enc.encode({ ...base, cellTmax: hot, cellTmaxNo: 99 }, 6).values).not.toHaveProperty('cellTmaxNo');
  });
});
