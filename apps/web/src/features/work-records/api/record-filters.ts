import type { Dayjs } from 'dayjs';
import type { StationTime } from '@/lib/station/station-time';

/** What the filter bar of both record lists holds. */
export type RecordFilterValues = { keyword?: string; range?: [Dayjs, Dayjs] | null };

/** The filter bar's values as the list call's filters: the picked days on the station's clock. */
export function recordFilters(stationId: number, clock: StationTime, v: Partial<RecordFilterValues>) {
  const days = v.range ? clock.pickedDays(v.range[0], v.range[1]) : null;
  return {
    stationId,
    keyword: v.keyword || undefined,
    ...(days ? { from: days.from, to: days.to - 1 } : {}),
  };
}
