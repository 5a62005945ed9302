import type { ComponentType, SVGProps } from 'react';
import type { DeviceTone } from './device-tone';

/** A secondary figure of a card; `cell` names the point holding which cell it is (cell extremes). */
export type WidgetMetric = string | { code: string; cell: string };

/**
 * The anatomy every device type shares (architecture rule 9): which points its card shows,
 * which status point colours it, and what its history chart plots first. Points are named by
 * code; names, units and state labels come from the server in the user's language.
 */
export type DeviceWidget = {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The status point that sets the tone, and the tone of each of its values. */
  state: { code: string; tones: Readonly<Record<number, DeviceTone>> } | null;
  /** The card's large figure, usually active power (storage > 0 discharge, < 0 charge). */
  headline: string | null;
  /** A 0–100 % point drawn as a bar (SOC). */
  gauge: string | null;
  /** Further figures of the card, in order. */
  metrics: readonly WidgetMetric[];
  /** Points plotted when the history chart opens. */
  chart: readonly string[];
};

export const metricCode = (m: WidgetMetric): string => (typeof m === 'string' ? m : m.code);
