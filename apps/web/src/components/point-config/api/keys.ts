import type { CurveItem, Lang, PageConfigKey } from '@ess/contract';

/** Query keys of the page configuration and device-source calls; invalidate through these. */
export const pointConfigKeys = {
  all: ['pointConfig'] as const,
  location: (key: PageConfigKey) =>
    [...pointConfigKeys.all, 'location', key.stationId, key.pageLocation, key.divLocation, key.permissionId] as const,
  curves: (key: PageConfigKey, lang: Lang) => [...pointConfigKeys.location(key), 'curves', lang] as const,
  points: (key: PageConfigKey, lang: Lang) => [...pointConfigKeys.location(key), 'points', lang] as const,
  pointData: (key: PageConfigKey, lang: Lang) => [...pointConfigKeys.location(key), 'pointData', lang] as const,
  curveData: (stationId: number, items: readonly CurveItem[], from: number | null, to: number | null, lang: Lang) =>
    [...pointConfigKeys.all, 'curveData', stationId, items, from, to, lang] as const,
  deviceTree: (stationId: number, lang: Lang) => [...pointConfigKeys.all, 'deviceTree', stationId, lang] as const,
  virtualList: (stationId: number) => [...pointConfigKeys.all, 'virtualList', stationId] as const,
  queryPoint: (stationId: number, srcId: number | null, sensType: number, lang: Lang) =>
    [...pointConfigKeys.all, 'queryPoint', stationId, srcId, sensType, lang] as const,
};
