import { isTimeZone } from '@ess/contract';
import { useCallback } from 'react';
import { useLang } from '../i18n/use-lang';
import { stationsOf, useStations } from '../session/api/get-stations';
import { clockOf, type StationTime } from '../station/station-time';
import { useTheme } from '../theme/theme-store';
import { browserTimeZone } from './zone';

/**
 * Two clocks on screen, nothing else: station data (telemetry, alarms, commands, deliveries,
 * sequence runs) on the station's clock (`useStationTime`, `clockOf(station.timezone)`), and
 * platform records (users, roles, logs, messages, templates) on the user's (`usePlatformTime`).
 * Either is labelled with its zone where the browser reads another clock. One format in every
 * language: `YYYY-MM-DD HH:mm:ss`.
 */

/** The zone the user reads platform records in: their saved choice, else the browser's. */
export function useUserZone(): string {
  const chosen = useTheme((s) => s.config.timeZone);
  return chosen && isTimeZone(chosen) ? chosen : browserTimeZone();
}

/** The clock of platform records: the user's zone. */
export function usePlatformTime(): StationTime {
  return clockOf(useUserZone());
}

/**
 * The clock of a record about several stations (a plan delivery): theirs when they share one
 * zone, else `fallback` (the user's clock).
 */
export function clockOfZones(zones: readonly string[], fallback: StationTime): StationTime {
  const [first] = zones;
  return first !== undefined && zones.every((z) => z === first) ? clockOf(first) : fallback;
}

/**
 * The clock of stations by id (a delivery's, a command's): their zone when they share one, else
 * the user's clock.
 */
export function useStationsClock(): (stationIds: readonly number[]) => StationTime {
  const lang = useLang();
  const stations = stationsOf(useStations(lang).data);
  const platform = usePlatformTime();
  return useCallback(
    (ids) =>
      clockOfZones(
        ids.flatMap((id) => stations.find((s) => s.id === id)?.timezone ?? []),
        platform,
      ),
    [stations, platform],
  );
}

/** An instant as `YYYY-MM-DD HH:mm:ss` on `clock` (its column titled with `clock.withZone`), `-` for none. */
export const instantText = (clock: StationTime, ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '-' : clock.dateTime(ms);

/** An instant standing alone, its zone beside it where the browser reads another clock: `2026-12-01 20:39:00 UTC+08:00`. */
export const labelledInstant = (clock: StationTime, ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '-' : clock.differs ? `${clock.dateTime(ms)} ${clock.label}` : clock.dateTime(ms);
