import {
  type CurveSeries,
  type Limits,
  type MeterConnection,
  type MeterSide,
  voltageFactor,
  voltageLimits,
} from '@ess/contract';

/** How one side of a meter's transformers is shown: factor from the reported value, unit, limits. */
export type VoltageScale = { factor: number; unit: 'V' | 'kV'; decimals: number; limits: Limits };

/**
 * Phase voltages on the chosen side of the meter's PT, in kV where the nominal is 1 kV or more
 * (a 10 kV feeder: 5.77 kV per phase; its PT's secondary 57.7 V; a 400 V bus: 230.9 V).
 */
export function voltageScale(c: MeterConnection, side: MeterSide): VoltageScale {
  const limits = voltageLimits(c, side);
  const kv = limits.nominal >= 1000;
  const div = kv ? 1000 : 1;
  return {
    factor: voltageFactor(c, side) / div,
    unit: kv ? 'kV' : 'V',
    decimals: kv ? 3 : 1,
    limits: { nominal: limits.nominal / div, lower: limits.lower / div, upper: limits.upper / div },
  };
}

/** A reported (secondary) series on the shown side: values and the min/max band scaled alike. */
export function scaleSeries(s: CurveSeries, factor: number, unit: string): CurveSeries {
  if (factor === 1 && s.unit === unit) return s;
  return {
    ...s,
    unit,
    data: s.data.map(([ts, v]) => [ts, v * factor]),
    ...(s.band ? { band: s.band.map(([ts, lo, hi]) => [ts, lo * factor, hi * factor]) } : {}),
  };
}
