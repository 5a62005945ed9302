import { pointApi } from '@ess/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpoint } from '../api/endpoint-query';

export type PointCurveRequest = { deviceId: number; points: readonly string[]; from: number; to: number };

/**
 * History of some points of one device (raw, 15-minute, hourly or daily buckets by span; min/max
 * band). The previous curve stays on screen while another range or point set loads.
 */
export const usePointCurve = (r: PointCurveRequest | null) =>
  useEndpoint(
    pointApi.pointCurve,
    r === null || r.points.length === 0
      ? null
      : { deviceId: r.deviceId, points: [...r.points], from: r.from, to: r.to },
    { staleTime: 30_000, placeholderData: keepPreviousData },
  );
