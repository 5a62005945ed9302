import { periodAt, type TouPeriod, type TouSegment } from '@ess/contract';

export type StorageIntent = 'charge' | 'discharge' | 'idle';

/** The default peak-shaving / valley-filling schedule (削峰填谷): what storage does in each TOU period. */
const INTENT: Record<TouPeriod, StorageIntent> = {
  deepValley: 'charge',
  valley: 'charge',
  flat: 'idle',
  peak: 'discharge',
  sharp: 'discharge',
};

export const scheduledIntent = (segments: TouSegment[], minuteOfDay: number): StorageIntent =>
  INTENT[periodAt(segments, Math.floor(minuteOfDay))];
