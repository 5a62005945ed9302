import { type ControlPoint, REMOTE_VALUE_LIMIT } from '@ess/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** The values a point takes: its own range within spec 5's ±65,535. */
export function pointBounds(point: Pick<ControlPoint, 'min' | 'max'>): { min: number; max: number } {
  return {
    min: Math.max(-REMOTE_VALUE_LIMIT, point.min ?? -REMOTE_VALUE_LIMIT),
    max: Math.min(REMOTE_VALUE_LIMIT, point.max ?? REMOTE_VALUE_LIMIT),
  };
}

/** Required, and within the bounds (the server refuses the rest; the form says so first). */
export function valueRules(t: TFunction, bounds: { min: number; max: number }): Rule[] {
  return [
    { required: true, message: t('remoteControl.valueRequired') },
    {
      validator: (_, v: unknown) =>
        typeof v !== 'number' || (v >= bounds.min && v <= bounds.max)
          ? Promise.resolve()
          : Promise.reject(new Error(t('remoteControl.outOfRange', bounds))),
    },
  ];
}

/** A point's value as text: the state's name for controls, else the number with its unit. */
export function pointValueText(point: ControlPoint, value: number | null): string {
  if (value === null) return '-';
  const state = point.states?.find((s) => s.value === value);
  if (state) return state.label;
  return `${value.toFixed(point.precision)}${point.unit ? ` ${point.unit}` : ''}`;
}
