import type { DeviceType, Lang } from '@ess/contract';

/** Query keys of the devices feature; invalidate through these, never inline arrays. */
export const devicesKeys = {
  all: ['devices'] as const,
  latestByType: (stationId: number, type: DeviceType, lang: Lang) =>
    [...devicesKeys.all, 'latest-by-type', stationId, type, lang] as const,
  storageUnits: (stationId: number, lang: Lang) => [...devicesKeys.all, 'storage-units', stationId, lang] as const,
  meterRoles: (stationId: number, lang: Lang) => [...devicesKeys.all, 'meter-roles', stationId, lang] as const,
};
