import { type DeviceNode, deviceApi } from '@ess/contract';
import { useEndpoint } from '../api/endpoint-query';

/** The station's real devices as a tree (EMS → PCS → clusters; meters → PV, piles). */
export const useDeviceTree = (stationId: number | null) =>
  // Status and last-seen come live over the socket; the tree itself rarely changes.
  useEndpoint(deviceApi.deviceTree, stationId === null ? null : { stationId }, { staleTime: 60_000 });

/** Every node of the tree, parents before their children. */
export const flattenDevices = (tree: readonly DeviceNode[] | undefined): DeviceNode[] =>
  (tree ?? []).flatMap((d) => [d, ...flattenDevices(d.children)]);
