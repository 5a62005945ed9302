import { describe, expect, it } from 'vitest';
import { mergeDeviceValues, newestTs, stateLabel } from './device-values';

describe('mergeDeviceValues', () => {
  it('lets the newer sample of each point win, keeping the stored label of the same sample', () => {
    const stored = {
      p: { value: 10, ts: 100, text: null },
      runState: { value: 1, ts: 100, text: 'Charging' },
      soc: { value: 50, ts: 300, text: null },
    };
    const live = { p: { value: 12, ts: 200 }, runState: { value: 1, ts: 100 }, soc: { value: 49, ts: 250 } };
    expect(mergeDeviceValues(stored, live)).toEqual({
      p: { value: 12, ts: 200 },
      runState: { value: 1, ts: 100, text: 'Charging' },
      soc: { value: 50, ts: 300, text: null },
    });
  });
  it('works with only one source', () => {
    expect(mergeDeviceValues(undefined, { p: { value: 1, ts: 1 } })).toEqual({ p: { value: 1, ts: 1 } });
    expect(mergeDeviceValues({ p: { value: 1, ts: 1, text: null } }, undefined)).toEqual({
      p: { value: 1, ts: 1, text: null },
    });
  });
});

describe('newestTs and stateLabel', () => {
  it('finds the newest sample time, null without values', () => {
    expect(newestTs({ a: { value: 1, ts: 5 }, b: { value: 1, ts: 9 } })).toBe(9);
    expect(newestTs({})).toBeNull();
  });
  it('labels a live status value from the point table when the value came without one', () => {
    const meta = { states: { '0': 'Standby', '2': 'Discharging' } };
    expect(stateLabel(meta, { value: 2, ts: 1 })).toBe('Discharging');
    expect(stateLabel(meta, { value: 2, ts: 1, text: 'Entladen' })).toBe('Entladen');
    expect(stateLabel(meta, { value: 7, ts: 1 })).toBeNull();
    expect(stateLabel(meta, undefined)).toBeNull();
  });
});
