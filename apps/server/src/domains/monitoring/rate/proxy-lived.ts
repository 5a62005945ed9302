import { addDays, addMonths, localDateOf } from '@ess/contract';
import type { Follower, StationAssignment } from './proxy.repository';
import { versionOn } from './rate-lookup';

/**
 * Money stays as earned (domain.md): a month's proxy price that priced a day a station following
 * the region has lived (today counted: today's revenue is on the home page) keeps its prices.
 * The months of `months` so lived, from the stations' assignment histories.
 */
export function livedMonths(
  regionId: number,
  followers: Pick<Follower, 'stationId' | 'timezone'>[],
  history: StationAssignment[],
  months: string[],
  now = Date.now(),
): Set<string> {
  const lived = new Set<string>();
  const byStation = new Map<number, StationAssignment[]>();
  for (const a of history) byStation.set(a.stationId, [...(byStation.get(a.stationId) ?? []), a]);
  const seen = new Set<number>();
  for (const f of followers) {
    if (seen.has(f.stationId)) continue;
    seen.add(f.stationId);
    const versions = (byStation.get(f.stationId) ?? []).sort((a, b) =>
      a.validFrom === b.validFrom
        ? 0
        : a.validFrom === null
          ? -1
          : b.validFrom === null
            ? 1
            : a.validFrom < b.validFrom
              ? -1
              : 1,
    );
    const today = localDateOf(now, f.timezone);
    for (const month of months) {
      if (lived.has(month)) continue;
      const first = `${month}-01`;
      const last = addDays(addMonths(first, 1), -1);
      for (let d = first; d <= last && d <= today; d = addDays(d, 1)) {
        if (versionOn(versions, d)?.proxyRegionId === regionId) {
          lived.add(month);
          break;
        }
      }
    }
  }
  return lived;
}
