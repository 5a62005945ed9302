import { pointApi } from '@ess/contract';
import { useEndpoint } from '../api/endpoint-query';

/** A device's point definitions with the labels of its state values. */
export const usePointList = (deviceId: number | null) =>
  useEndpoint(pointApi.pointList, deviceId === null ? null : { deviceId }, { staleTime: 300_000 });

/** Every point of a device with its newest stored value; the live socket updates it afterwards. */
export const usePointData = (deviceId: number | null) =>
  useEndpoint(pointApi.pointDataShowList, deviceId === null ? null : { deviceId });
