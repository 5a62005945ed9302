import type { StationReportBody } from '@ess/contract';

/** Query keys of the station report and power-quality screens; invalidate through these, never inline arrays. */
export const stationReportKeys = {
  all: ['stationReport'] as const,
  statistics: (body: StationReportBody) => [...stationReportKeys.all, 'statistics', body] as const,
  meters: (stationId: number) => [...stationReportKeys.all, 'meters', stationId] as const,
  curve: (deviceId: number, points: readonly string[], from: number, to: number) =>
    [...stationReportKeys.all, 'curve', deviceId, points, from, to] as const,
};
