import { deviceApi, equipModelApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** What a device write changes besides the list: the station's device tree. */
export const EQUIPMENT_WRITES = [deviceApi.deviceTree] as const;

/** What a model write changes besides its list: the model choices and details. */
export const MODEL_WRITES = [equipModelApi.equipModelList, equipModelApi.equipModelDetail] as const;

/** The station's devices as parent choices, read while `open` (the device dialog). */
export const useDeviceTree = (stationId: number | null, open: boolean) =>
  useEndpoint(deviceApi.deviceTree, stationId === null || !open ? null : { stationId });

/** Issues a device's MQTT credentials (shown once). */
export const useIssueCredentials = () => useEndpointMutation(deviceApi.deviceCredentials);
