import { CellExtremesPanel } from '../components/cell-extremes-panel';
import { TopologyScreen } from '../components/topology-screen';

/**
 * Battery topology (/surveillance/battery-topology): the clusters or cabinets with SOC, SOH and
 * cell extremes (which cell), under the station's cell extremes.
 */
export function BatteryTopologyPage() {
  return (
    <TopologyScreen
      variant="battery"
      header={(devices, open) => {
        const cabinets = devices.groups.find((g) => g.type === 'cabinet');
        const batteries = cabinets?.devices.length ? cabinets : devices.groups.find((g) => g.type === 'bms');
        return batteries ? (
          <CellExtremesPanel batteries={batteries.devices} points={batteries.points} onOpen={open} />
        ) : null;
      }}
    />
  );
}
