import type { Lang } from '@ess/contract';

/** Query keys of the device widgets' calls; invalidate through these, never inline arrays. */
export const deviceWidgetKeys = {
  all: ['device-widgets'] as const,
  tree: (stationId: number, lang: Lang) => [...deviceWidgetKeys.all, 'tree', stationId, lang] as const,
  points: (deviceId: number, lang: Lang) => [...deviceWidgetKeys.all, 'points', deviceId, lang] as const,
  pointData: (deviceId: number, lang: Lang) => [...deviceWidgetKeys.all, 'point-data', deviceId, lang] as const,
  curve: (deviceId: number, codes: readonly string[], from: number, to: number, lang: Lang) =>
    [...deviceWidgetKeys.all, 'curve', deviceId, codes.join(','), from, to, lang] as const,
};
