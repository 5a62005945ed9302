import { CONTROL_SINCE_POINT, type PointMeta, type ScaledUnit } from '@ess/contract';
import { useCallback } from 'react';
import { useFormat } from '@/lib/format/use-format';
import { type PointValue, stateLabel } from './device-values';

const SCALED_UNITS: readonly string[] = ['kWh', 'kW', 'kVar', 'kWp'] satisfies ScaledUnit[];
const isScaled = (unit: string): unit is ScaledUnit => SCALED_UNITS.includes(unit);

export type PointFormatMeta = Pick<PointMeta, 'unit' | 'precision' | 'states'> & { code?: string };

/** Points that report an instant (epoch seconds): shown as an age, which needs no time zone. */
const INSTANT_POINTS: readonly string[] = [CONTROL_SINCE_POINT];

/**
 * A point's value as text: its state label for status points, else the number at the point's
 * precision with its unit, power and energy switching to M-units at 10,000 (spec 9).
 */
export function usePointFormat(): (meta: PointFormatMeta | undefined, v: PointValue | undefined) => string {
  const fmt = useFormat();
  return useCallback(
    (meta, v) => {
      if (!v) return '-';
      if (meta?.code !== undefined && INSTANT_POINTS.includes(meta.code)) return fmt.ago(v.value * 1000);
      const label = meta?.states ? stateLabel(meta, v) : null;
      if (label) return label;
      const unit = meta?.unit ?? null;
      const precision = meta?.precision ?? 1;
      return unit && isScaled(unit) ? fmt.energy(v.value, unit, precision) : fmt.value(v.value, unit, precision);
    },
    [fmt],
  );
}
