import type { Dayjs } from 'dayjs';
import type { StationTime } from '@/lib/station/station-time';

/** Rows per page of both logs. */
export const LOG_PAGE_SIZE = 20;

/** The filter row's time range (read on the user's clock) as the call's `from` / `to`. */
export const rangeFilter = (range: [Dayjs, Dayjs] | null | undefined, clock: StationTime) =>
  range ? { from: clock.fromPicker(range[0]), to: clock.fromPicker(range[1]) } : {};
