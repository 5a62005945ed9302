import {
  type DeviceStatus,
  type DeviceType,
  type LatestByTypeResult,
  LIVE_POLL_MS,
  type PointMeta,
} from '@ess/contract';
import { type QueryObserverResult, useQueries } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { type DeviceTone, toneOf } from '@/components/device-widgets/device-tone';
import { type DeviceValues, mergeDeviceValues } from '@/components/device-widgets/device-values';
import { DEVICE_WIDGETS } from '@/components/device-widgets/widget-registry';
import { useLang } from '@/lib/i18n/use-lang';
import type { StationLive } from '@/lib/live/use-station-live';
import { latestByTypeQuery } from '../api/get-latest-by-type';

/** A device as the screens draw it: newest values (stored, then live), communication status and tone. */
export type LiveDevice = {
  id: number;
  sn: string;
  name: string;
  type: DeviceType;
  parentId: number | null;
  lastSeenAt: number | null;
  status: DeviceStatus;
  values: DeviceValues;
  tone: DeviceTone;
};

/** Devices of one type with the type's point definitions. */
export type LiveDeviceGroup = { type: DeviceType; points: PointMeta[]; devices: LiveDevice[] };

export type LiveDevices = {
  groups: LiveDeviceGroup[];
  byId: Map<number, LiveDevice>;
  pointsOf: (type: DeviceType) => PointMeta[];
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
};

type Cached = {
  stored: LatestByTypeResult['devices'][number];
  live: StationLive['devices'][number] | undefined;
  status: DeviceStatus;
  device: LiveDevice;
};

type Combined = {
  data: (LatestByTypeResult | undefined)[];
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
};

const byName = new Intl.Collator(undefined, { numeric: true });

// Module-level so TanStack keeps the combined result stable between renders.
const combine = (rs: QueryObserverResult<LatestByTypeResult>[]): Combined => ({
  data: rs.map((r) => r.data),
  isPending: rs.some((r) => r.isPending),
  isError: rs.some((r) => r.isError),
  refetch: () => {
    for (const r of rs) void r.refetch();
  },
});

/**
 * The station's devices of the given types (`latestByType`, one call per type) kept current by
 * the page's live feed: values and status from the socket; while it is down, the calls are
 * repeated every 10 s instead.
 */
export function useLiveDevices(
  stationId: number | null,
  types: readonly DeviceType[],
  live: Pick<StationLive, 'status' | 'devices' | 'deviceStatus'>,
): LiveDevices {
  const lang = useLang();
  const poll = live.status === 'polling' ? LIVE_POLL_MS : false;
  const q = useQueries({
    queries: types.map((type) => ({
      ...latestByTypeQuery(stationId ?? 0, type, lang, poll),
      enabled: stationId !== null,
    })),
    combine,
  });

  const { devices: liveValues, deviceStatus } = live;
  // A device keeps its object while its inputs do, so memoised cards and nodes of the devices
  // that did not report skip rendering (the socket replaces only the reporting device's values).
  const cache = useRef(new Map<number, Cached>());
  const built = useMemo(() => {
    const groups: LiveDeviceGroup[] = [];
    const byId = new Map<number, LiveDevice>();
    const next = new Map<number, Cached>();
    for (const result of q.data) {
      if (!result) continue;
      const widget = DEVICE_WIDGETS[result.type];
      const devices = result.devices.map((d): LiveDevice => {
        const input = { stored: d, live: liveValues[d.id], status: deviceStatus[d.id] ?? d.status };
        const hit = cache.current.get(d.id);
        let device: LiveDevice;
        if (hit && hit.stored === input.stored && hit.live === input.live && hit.status === input.status) {
          device = hit.device;
        } else {
          const values = mergeDeviceValues(d.values, input.live);
          device = { ...d, status: input.status, values, tone: toneOf(widget, input.status, values) };
        }
        next.set(d.id, { ...input, device });
        byId.set(d.id, device);
        return device;
      });
      // CAB-2 before CAB-10, BMS-1.2 before BMS-2.1.
      devices.sort((a, b) => byName.compare(a.name, b.name));
      groups.push({ type: result.type, points: result.points, devices });
    }
    cache.current = next;
    return { groups, byId };
  }, [q.data, liveValues, deviceStatus]);

  const pointsOf = useMemo(() => {
    const map = new Map(built.groups.map((g) => [g.type, g.points]));
    return (type: DeviceType) => map.get(type) ?? [];
  }, [built.groups]);

  return { ...built, pointsOf, isPending: q.isPending, isError: q.isError, refetch: q.refetch };
}
