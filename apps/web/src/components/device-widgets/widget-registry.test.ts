import { DEVICE_FAULT_STATES, DEVICE_MODELS, DEVICE_TYPES, type DeviceType } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { toneOf } from './device-tone';
import { DEVICE_TYPE_ORDER, DEVICE_WIDGETS } from './widget-registry';
import { metricCode } from './widget-types';

const codesOf = (type: DeviceType): Set<string> =>
  new Set(DEVICE_MODELS.filter((m) => m.type === type).flatMap((m) => m.points.map((p) => p.code)));

const realTypes = DEVICE_TYPES.filter((t) => t !== 'virtual');

describe('device widget registry', () => {
  it.each(realTypes)('%s names only points its models have', (type) => {
    const w = DEVICE_WIDGETS[type];
    const codes = codesOf(type);
    const named = [
      w.state?.code,
      w.headline,
      w.gauge,
      ...w.metrics.map(metricCode),
      ...w.metrics.flatMap((m) => (typeof m === 'string' ? [] : [m.cell])),
      ...w.chart,
    ].filter((c): c is string => typeof c === 'string');
    expect(named.filter((c) => !codes.has(c))).toEqual([]);
  });

  it.each(realTypes)('%s gives every state value of its catalogue a tone', (type) => {
    const w = DEVICE_WIDGETS[type];
    if (!w.state) return;
    const code = w.state.code;
    const point = DEVICE_MODELS.filter((m) => m.type === type)
      .flatMap((m) => m.points)
      .find((p) => p.code === code);
    expect(Object.keys(point?.states ?? {}).sort()).toEqual(Object.keys(w.state.tones).sort());
  });

  it('colours exactly the contract fault states as faults', () => {
    for (const type of DEVICE_TYPES) {
      const rule = DEVICE_FAULT_STATES[type];
      const w = DEVICE_WIDGETS[type];
      const faults = Object.entries(w.state?.tones ?? {})
        .filter(([, tone]) => tone === 'fault')
        .map(([v]) => Number(v));
      if (!rule) {
        expect(faults, type).toEqual([]);
        continue;
      }
      expect(w.state?.code, type).toBe(rule.code);
      expect(faults.sort(), type).toEqual([...rule.values].sort());
    }
  });

  it('orders every device type once', () => {
    expect([...DEVICE_TYPE_ORDER].sort()).toEqual([...DEVICE_TYPES].sort());
  });
});

describe('toneOf', () => {
  const pcs = DEVICE_WIDGETS.pcs;
  it('reads the run state of an online device', () => {
    expect(toneOf(pcs, 'online', { runState: { value: 1, ts: 1 } })).toBe('charging');
    expect(toneOf(pcs, 'online', { runState: { value: 2, ts: 1 } })).toBe('discharging');
    expect(toneOf(pcs, 'online', { runState: { value: 3, ts: 1 } })).toBe('fault');
  });
  it('says offline over a stale state, and unknown without a reading', () => {
    expect(toneOf(pcs, 'offline', { runState: { value: 2, ts: 1 } })).toBe('offline');
    expect(toneOf(pcs, 'online', {})).toBe('unknown');
    expect(toneOf(pcs, 'online', { runState: { value: 9, ts: 1 } })).toBe('unknown');
  });
  it('calls an online device without a state point running', () => {
    expect(toneOf(DEVICE_WIDGETS.meter, 'online', {})).toBe('running');
  });
});
