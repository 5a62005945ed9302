import type { TouPeriod } from '@ess/contract';
import { palette } from '@/lib/theme/palette';

/** One colour per TOU period on every chart, tag and timeline: hot for expensive, cool for cheap. */
export const PERIOD_COLORS: Record<TouPeriod, string> = palette.touPeriod;
