import type { DeviceType, MeterConnection, PointMeta } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { TONE_COLORS } from '@/components/device-widgets/device-tone';
import { useFormat } from '@/lib/format/use-format';
import { palette } from '@/lib/theme/palette';
import type { LiveDevice } from '../hooks/use-live-devices';
import styles from './topology.module.css';
import { wireFlow } from './topology-flow';
import type { TopologyLayout, TopologyVariant } from './topology-layout';
import { TopologyNode } from './topology-node';
import { GridSymbol, LoadSymbol, PvArraySymbol, TransformerSymbol } from './topology-symbols';

const FLOW_COLORS = {
  charging: TONE_COLORS.charging,
  discharging: TONE_COLORS.discharging,
  import: palette.gridFlow.import,
  export: palette.gridFlow.export,
  generation: palette.powerCurve.pvPower,
  consumption: palette.powerCurve.loadPower,
} as const;

type Props = {
  layout: TopologyLayout;
  variant: TopologyVariant;
  scale: number;
  devices: ReadonlyMap<number, LiveDevice>;
  pointsOf: (type: DeviceType) => readonly PointMeta[];
  /** The station's storage power (live summary), written on the bus when no PV or load branch is drawn. */
  busPower: number | null;
  /** The charging piles' power (live summary), written on the load meter. */
  pilePower: number | null;
  /** A meter's connection (nominal voltage, PT, CT), when configured. */
  connectionOf?: (deviceId: number) => MeterConnection | null;
  selectedId: number | null;
  onOpen: (deviceId: number) => void;
  title: string;
};

/** The single-line diagram: conductors with animated power flow, buses, symbols and device nodes. */
export function TopologyDiagram({
  layout,
  variant,
  scale,
  devices,
  pointsOf,
  busPower,
  pilePower,
  connectionOf = () => null,
  selectedId,
  onOpen,
  title,
}: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const main = layout.buses[0];
  // With branches beside the grid chain the label stays short (their conductors come down
  // close to it); the balance line above the diagram carries the powers then.
  const feeders = layout.boxes.some((b) => b.place === 'pv' || b.place === 'load');
  return (
    <svg
      className={styles.svg}
      width={layout.width * scale}
      height={layout.height * scale}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={title}
      data-testid="topology-diagram"
    >
      <title>{title}</title>
      {layout.wires.map((w) => {
        const device = w.deviceId === null ? undefined : devices.get(w.deviceId);
        const flow = wireFlow(w, device);
        return (
          <g key={w.key}>
            <path className={styles.wire} d={w.d} />
            {flow && (
              <path
                className={styles.flow}
                d={w.d}
                stroke={FLOW_COLORS[flow.kind]}
                data-dir={flow.dir}
                data-testid={`flow-${w.key}`}
              />
            )}
          </g>
        );
      })}
      {layout.riser && (
        <line
          className={styles.bus}
          x1={layout.riser.x}
          x2={layout.riser.x}
          y1={layout.riser.y1}
          y2={layout.riser.y2}
        />
      )}
      {layout.buses.map((b) => (
        <line key={b.key} className={styles.bus} x1={b.x1} x2={b.x2} y1={b.y} y2={b.y} />
      ))}
      {main && (
        <text className={styles.busLabel} x={main.x1 + 2} y={main.y - 10} data-testid="topology-bus-label">
          {variant === 'pcs' ? t('devices.topology.bus') : t('devices.topology.storageBus')}
          {busPower !== null && !feeders && ` · ${t('devices.storage.power')} ${fmt.energy(busPower, 'kW')}`}
        </text>
      )}
      {layout.boxes.map((box) => {
        if (box.kind === 'grid') return <GridSymbol key={box.key} box={box} />;
        if (box.kind === 'transformer') return <TransformerSymbol key={box.key} box={box} />;
        if (box.kind === 'pvArray') return <PvArraySymbol key={box.key} box={box} />;
        if (box.kind === 'load') return <LoadSymbol key={box.key} box={box} />;
        const device = box.deviceId === null ? undefined : devices.get(box.deviceId);
        if (!device) return null;
        return (
          <TopologyNode
            key={box.key}
            box={box}
            device={device}
            points={pointsOf(device.type)}
            variant={variant}
            selected={device.id === selectedId}
            onOpen={onOpen}
            pilePower={box.place === 'load' ? pilePower : null}
            connection={device.type === 'meter' ? connectionOf(device.id) : null}
          />
        );
      })}
    </svg>
  );
}
