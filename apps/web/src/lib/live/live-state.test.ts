import type { StationSummary } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { applyLiveMessage, applyPolled, emptyLiveState, mergeValues } from './live-state';

const summary = (ts: number, storagePower: number, stationId = 1): StationSummary => ({
  stationId,
  ts,
  storagePower,
  soc: 40,
  pvPower: 10,
  loadPower: 20,
  gridPower: 30,
  chargerPower: 0,
});

describe('live state', () => {
  it('takes the snapshot, then latest values, statuses and summaries of the followed station', () => {
    let s = emptyLiveState(1);
    s = applyLiveMessage(s, {
      type: 'snapshot',
      stationId: 1,
      ts: 100,
      devices: [
        { deviceId: 5, sn: 'A', name: 'A', type: 'pcs', status: 'offline', values: { p: { value: 1, ts: 10 } } },
      ],
      summary: summary(10, -100),
    });
    expect(s.deviceStatus).toEqual({ 5: 'offline' });
    s = applyLiveMessage(s, { type: 'latest', stationId: 1, deviceId: 5, values: { q: { value: 2, ts: 11 } } });
    expect(s.devices[5]).toEqual({ p: { value: 1, ts: 10 }, q: { value: 2, ts: 11 } });
    s = applyLiveMessage(s, { type: 'deviceStatus', stationId: 1, deviceId: 5, online: true, at: 12 });
    expect(s.deviceStatus[5]).toBe('online');
    s = applyLiveMessage(s, { type: 'summary', stationId: 1, summary: summary(20, 300) });
    expect(s.summary?.storagePower).toBe(300);
    // Another station's messages and older summaries change nothing.
    const same = applyLiveMessage(s, {
      type: 'latest',
      stationId: 2,
      deviceId: 5,
      values: { p: { value: 9, ts: 99 } },
    });
    expect(same).toBe(s);
    expect(applyLiveMessage(s, { type: 'summary', stationId: 1, summary: summary(15, 1) }).summary?.storagePower).toBe(
      300,
    );
  });

  it('keeps the newest sample of each value', () => {
    expect(mergeValues({ p: { value: 1, ts: 10 } }, { p: { value: 2, ts: 9 }, q: { value: 3, ts: 1 } })).toEqual({
      p: { value: 1, ts: 10 },
      q: { value: 3, ts: 1 },
    });
  });

  it('folds polled answers in: energy flow and point values', () => {
    const s = applyPolled(emptyLiveState(1), summary(30, 50), [
      {
        deviceId: 8,
        rows: [
          { id: 1, code: 'p', name: 'P', unit: 'kW', kind: 'telemetry', precision: 1, value: 4, ts: 30, text: null },
          {
            id: 2,
            code: 'q',
            name: 'Q',
            unit: 'kVar',
            kind: 'telemetry',
            precision: 1,
            value: null,
            ts: null,
            text: null,
          },
        ],
      },
    ]);
    expect(s.summary?.storagePower).toBe(50);
    expect(s.devices[8]).toEqual({ p: { value: 4, ts: 30 } });
    expect(applyPolled(s, summary(30, 1, 2), []).summary?.stationId).toBe(1);
  });

  it('forgets what it showed of a station whose access was revoked', () => {
    let s = applyLiveMessage(emptyLiveState(1), {
      type: 'snapshot',
      stationId: 1,
      ts: 100,
      devices: [
        { deviceId: 5, sn: 'A', name: 'A', type: 'pcs', status: 'online', values: { p: { value: 1, ts: 10 } } },
      ],
      summary: summary(10, -100),
    });
    expect(applyLiveMessage(s, { type: 'revoked', stationId: 2 })).toBe(s);
    s = applyLiveMessage(s, { type: 'revoked', stationId: 1 });
    expect(s).toEqual(emptyLiveState(1));
  });
});
