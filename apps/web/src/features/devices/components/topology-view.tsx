import type { MeterConfig } from '@ess/contract';
import { useState } from 'react';
import { DEVICE_WIDGETS } from '@/components/device-widgets/widget-registry';
import type { LiveDevices } from '../hooks/use-live-devices';
import { usePaneSize } from '../hooks/use-pane-size';
import { busBalance, busPowersOf, busToleranceKw } from './topology-balance';
import { TopologyBusBalance } from './topology-bus-balance';
import { TopologyDiagram } from './topology-diagram';
import {
  layoutTopology,
  type TopologyFeeder,
  type TopologyLayout,
  type TopologyUnit,
  type TopologyVariant,
} from './topology-layout';
import { ZoomPane } from './zoom-pane';

/** Scales "fit" tries, largest first: a small plant fills a wall display, text never shrinks below 90 %. */
const FIT_STEPS = [1.6, 1.4, 1.25, 1.1, 1, 0.9];

type Props = {
  variant: TopologyVariant;
  devices: LiveDevices;
  gatewayId: number | null;
  /** PV and load meters to draw on the bus (PCS view). */
  feeders?: readonly TopologyFeeder[];
  busPower: number | null;
  /** The charging piles' power, which the load meter includes. */
  pilePower?: number | null;
  /** How each meter is connected: a meter behind a PT shows its primary voltage. */
  meterConnections?: readonly MeterConfig['meters'][number][] | undefined;
  /** The station's rated power: sets the tolerance of the bus balance. */
  ratedKw?: number;
  selectedId: number | null;
  onOpen: (deviceId: number) => void;
  title: string;
};

/** The station's storage units as PCS with clusters, or as cabinets, ready for the layout. */
export function storageUnitsOf(devices: LiveDevices): TopologyUnit[] {
  const of = (type: 'pcs' | 'bms' | 'cabinet') => devices.groups.find((g) => g.type === type)?.devices ?? [];
  const cabinets = of('cabinet');
  if (cabinets.length) return cabinets.map((c) => ({ id: c.id, kind: 'cabinet', children: [] }));
  const clusters = of('bms');
  return of('pcs').map((p) => ({ id: p.id, kind: 'pcs', children: clusters.filter((b) => b.parentId === p.id) }));
}

/**
 * The largest scale at which the whole diagram shows without scrolling, rewrapping the units
 * for each; when none does (many cabinets on a small screen), actual size and a scroll.
 */
export function fitTopology(
  make: (maxWidth: number) => TopologyLayout,
  size: { width: number; visibleHeight: number },
): { scale: number; layout: TopologyLayout } {
  for (const scale of FIT_STEPS) {
    const layout = make(size.width / scale);
    if (layout.height * scale <= size.visibleHeight && layout.width * scale <= size.width + 1) return { scale, layout };
  }
  return { scale: 1, layout: make(size.width) };
}

/**
 * A device's power as the diagram shows it (its headline point); null when offline or without
 * a value, so a stale reading never takes part in the bus balance.
 */
function livePower(devices: LiveDevices, deviceId: number): number | null {
  const d = devices.byId.get(deviceId);
  if (!d || d.status === 'offline') return null;
  const code = DEVICE_WIDGETS[d.type].headline;
  return code ? (d.values[code]?.value ?? null) : null;
}

/**
 * The diagram in its zoom pane: fits the screen by default; zooming rewraps the units to the
 * width. With a load branch drawn, a line above it sums the flows into and out of the bus.
 */
export function TopologyView({
  variant,
  devices,
  gatewayId,
  feeders = [],
  busPower,
  pilePower = null,
  meterConnections = [],
  ratedKw = 0,
  selectedId,
  onOpen,
  title,
}: Props) {
  const [paneRef, size] = usePaneSize<HTMLDivElement>();
  const [zoom, setZoom] = useState<number | null>(null);
  const units = storageUnitsOf(devices);
  // A few dozen boxes: laying them out again on each live update costs less than memoising it.
  const make = (maxWidth: number) => layoutTopology({ variant, gatewayId, feeders, units, maxWidth });
  const { scale, layout } = zoom === null ? fitTopology(make, size) : { scale: zoom, layout: make(size.width / zoom) };
  const hasLoad = layout.boxes.some((b) => b.place === 'load');
  const balance = busBalance(
    busPowersOf(layout, (id) => livePower(devices, id)),
    busToleranceKw(ratedKw),
  );
  return (
    <>
      {hasLoad && <TopologyBusBalance balance={balance} storagePower={busPower} />}
      <ZoomPane paneRef={paneRef} scale={scale} onZoom={setZoom}>
        <TopologyDiagram
          layout={layout}
          variant={variant}
          scale={scale}
          devices={devices.byId}
          pointsOf={devices.pointsOf}
          busPower={busPower}
          pilePower={pilePower}
          connectionOf={(id) => meterConnections.find((m) => m.deviceId === id)?.connection ?? null}
          selectedId={selectedId}
          onOpen={onOpen}
          title={title}
        />
      </ZoomPane>
    </>
  );
}
