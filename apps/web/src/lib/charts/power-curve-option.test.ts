import type { CurveSeries, StationSummary } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { curveHasData, powerCurveOption, withLivePoint } from './power-curve-option';

const DAY = { from: 1_000_000, to: 1_000_000 + 86_400_000 };
const Q = 900_000;

const series = (code: string, data: [number, number][]): CurveSeries => ({
  deviceId: 9,
  code,
  name: code,
  unit: 'kW',
  resolution: '15m',
  bucketMs: Q,
  data,
});

const live = (ts: number, v: Partial<StationSummary> = {}): StationSummary => ({
  stationId: 1,
  ts,
  storagePower: -120,
  soc: 40,
  pvPower: 30,
  loadPower: 200,
  gridPower: 50,
  chargerPower: 0,
  ...v,
});

describe('power curve', () => {
  it('appends the live value after the last 15-minute average, inside the day only', () => {
    const data: [number, number][] = [
      [DAY.from, 10],
      [DAY.from + Q, 20],
    ];
    expect(withLivePoint(data, { ts: DAY.from + Q + 60_000, value: 25 }, DAY)).toEqual([
      ...data,
      [DAY.from + Q + 60_000, 25],
    ]);
    // Not older than the last average, not outside the day, not without a value.
    expect(withLivePoint(data, { ts: DAY.from + Q, value: 25 }, DAY)).toEqual(data);
    expect(withLivePoint(data, { ts: DAY.to, value: 25 }, DAY)).toEqual(data);
    expect(withLivePoint(data, { ts: DAY.from + 2 * Q, value: null }, DAY)).toEqual(data);
    expect(withLivePoint([], { ts: DAY.from + 5, value: 1 }, DAY)).toEqual([[DAY.from + 5, 1]]);
  });

  it('draws the four station totals with the live point, over the whole local day', () => {
    const option = powerCurveOption(
      {
        ...DAY,
        timezone: 'UTC',
        series: [series('storagePower', [[DAY.from, -100]]), series('gridPower', [[DAY.from, 80]])],
      },
      live(DAY.from + 60_000),
      { storagePower: 'Storage', pvPower: 'PV', loadPower: 'Load', gridPower: 'Grid', power: 'Power' },
      (v) => `${v} kW`,
      String,
    ) as { series: { id: string; name: string; data: [number, number][] }[]; xAxis: { min: number; max: number } };
    expect(option.series.map((s) => [s.id, s.name])).toEqual([
      ['storagePower', 'Storage'],
      ['pvPower', 'PV'],
      ['loadPower', 'Load'],
      ['gridPower', 'Grid'],
    ]);
    expect(option.series[0]?.data).toEqual([
      [DAY.from, -100],
      [DAY.from + 60_000, -120],
    ]);
    // A code missing from the answer still shows the live value.
    expect(option.series[1]?.data).toEqual([[DAY.from + 60_000, 30]]);
    expect(option.xAxis).toMatchObject({ min: DAY.from, max: DAY.to });
  });

  it('draws on the station’s clock', () => {
    const from = Date.UTC(2026, 2, 14, 16);
    const option = powerCurveOption(
      { from, to: from + 86_400_000, timezone: 'Asia/Shanghai', series: [series('gridPower', [[from + Q, 80]])] },
      null,
      { storagePower: 'Storage', pvPower: 'PV', loadPower: 'Load', gridPower: 'Grid', power: 'Power' },
      String,
      String,
    ) as { useUTC: boolean; series: { data: [number, number][] }[]; xAxis: { min: number } };
    expect(option.useUTC).toBe(true);
    expect(option.xAxis.min).toBe(Date.UTC(2026, 2, 15, 0, 0));
    expect(option.series[3]?.data).toEqual([[Date.UTC(2026, 2, 15, 0, 15), 80]]);
  });

  it('knows when there is nothing to draw', () => {
    expect(curveHasData([series('storagePower', [])], null)).toBe(false);
    expect(
      curveHasData(
        [],
        live(5, { storagePower: null, pvPower: null, loadPower: null, gridPower: null, chargerPower: null }),
      ),
    ).toBe(false);
    expect(curveHasData([series('pvPower', [[1, 2]])], null)).toBe(true);
  });
});
