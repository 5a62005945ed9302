import { MAX_INCOME_DAYS, type ReportGranularity, type StationReportBody } from '@ess/contract';
import type { Dayjs } from 'dayjs';
import { pickerDay } from '@/lib/format/zone';

export type ReportRange = [Dayjs, Dayjs];

/** A daily report starts with this month so far, a monthly one with this year so far. */
export function defaultRange(granularity: ReportGranularity, today: Dayjs): ReportRange {
  return granularity === 'day' ? [today.startOf('month'), today] : [today.startOf('year'), today];
}

/** The call's body: whole days, or whole months for a monthly report. */
export function reportBody(stationId: number, granularity: ReportGranularity, [a, b]: ReportRange): StationReportBody {
  const from = granularity === 'day' ? a : a.startOf('month');
  const to = granularity === 'day' ? b : b.endOf('month');
  return { stationId, granularity, from: pickerDay(from), to: pickerDay(to) };
}

/** The server answers at most MAX_INCOME_DAYS days at once. */
export const rangeTooLong = (body: StationReportBody): boolean =>
  (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 >= MAX_INCOME_DAYS;

export const includesToday = (body: StationReportBody, today: Dayjs): boolean =>
  body.to >= pickerDay(today) && body.from <= pickerDay(today);
