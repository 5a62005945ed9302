import { localParts } from '@ess/contract';
import dayjs from 'dayjs';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time (HH:mm:ss) and date (in `dateFormat`, dayjs tokens in the interface language) of `now`
 * on the clock of `timeZone`, the selected station's zone; the browser's zone without one.
 */
export function clockReading(now: number, timeZone: string | null, dateFormat: string): { time: string; date: string } {
  if (!timeZone) {
    const d = dayjs(now);
    return { time: d.format('HH:mm:ss'), date: d.format(dateFormat) };
  }
  const p = localParts(now, timeZone);
  // dayjs formats in the browser's zone: hand it the station's calendar day at noon, an hour every zone has.
  const day = dayjs(new Date(p.year, p.month - 1, p.day, 12));
  return { time: `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`, date: day.format(dateFormat) };
}
