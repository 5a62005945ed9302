import { pointApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** A device's points, read only while asked for (null: not now). */
export const useDevicePoints = (deviceId: number | null) =>
  useEndpoint(pointApi.pointList, deviceId === null ? null : { deviceId });
