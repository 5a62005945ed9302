import { configApi, type TopologyJumpRow } from '@ess/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useEndpoint } from '@/lib/api/endpoint-query';

/**
 * What a click on a node of the PCS topology opens (topology jump configuration): a configured
 * page is navigated to, a configured device's drawer opens; a node without an entry opens its
 * own device.
 */
export function useTopologyJump(
  stationId: number | null,
  enabled: boolean,
  openDevice: (deviceId: number) => void,
): (deviceId: number, nodeKey: string | undefined) => void {
  const navigate = useNavigate();
  const jumps = useEndpoint(configApi.topologyJumpList, stationId === null || !enabled ? null : { stationId }, {
    staleTime: 300_000,
  });
  const rows: TopologyJumpRow[] | undefined = jumps.data;
  return useCallback(
    (deviceId, nodeKey) => {
      const jump = nodeKey === undefined ? undefined : rows?.find((j) => j.nodeKey === nodeKey);
      if (jump?.targetKind === 'route' && jump.targetRoute) navigate(jump.targetRoute);
      else if (jump?.targetKind === 'device' && jump.targetDeviceId !== null) openDevice(jump.targetDeviceId);
      else openDevice(deviceId);
    },
    [rows, navigate, openDevice],
  );
}
