import type { TouPeriod } from '@ess/contract';

/** One colour per TOU period on every chart, tag and timeline: hot for expensive, cool for cheap. */
export const PERIOD_COLORS: Record<TouPeriod, string> = {
  sharp: '#d4380d',
  peak: '#fa8c16',
  flat: '#2f7cf6',
  valley: '#35b36b',
  deepValley: '#13a8a8',
};
