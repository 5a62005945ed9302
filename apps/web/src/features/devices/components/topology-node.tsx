import type { MeterConnection, PointMeta } from '@ess/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TONE_COLORS } from '@/components/device-widgets/device-tone';
import { stateLabel } from '@/components/device-widgets/device-values';
import { usePointFormat } from '@/components/device-widgets/point-format';
import { socColor } from '@/components/device-widgets/soc-bar';
import { DEVICE_WIDGETS } from '@/components/device-widgets/widget-registry';
import { useFormat } from '@/lib/format/use-format';
import type { LiveDevice } from '../hooks/use-live-devices';
import { storageDirection } from './storage-direction';
import styles from './topology.module.css';
import type { TopologyBox, TopologyVariant } from './topology-layout';

type Props = {
  box: TopologyBox;
  device: LiveDevice;
  points: readonly PointMeta[];
  variant: TopologyVariant;
  selected: boolean;
  onOpen: (deviceId: number) => void;
  /** The charging piles' power (station totals), written on the load meter that measures them. */
  pilePower?: number | null;
  /** A meter's connection: behind a PT its phase voltage is shown on the primary side, in kV. */
  connection?: MeterConnection | null;
};

const PAD = 10;
const HEAD = 26;

/**
 * A device of the single-line diagram: its name and state in the tone's colour, live power,
 * and by kind the SOC bar, reactive power or cell extremes (battery view). Clicking opens its
 * drawer.
 */
export function TopologyNode({
  box,
  device,
  points,
  variant,
  selected,
  onOpen,
  pilePower = null,
  connection = null,
}: Props) {
  const { t } = useTranslation();
  const format = usePointFormat();
  const fmt = useFormat();
  const widget = DEVICE_WIDGETS[device.type];
  const meta = (code: string) => points.find((p) => p.code === code);
  const text = (code: string) => format(meta(code), device.values[code]);
  const value = (code: string) => device.values[code]?.value ?? null;
  const color = TONE_COLORS[device.tone];
  const meterLabel = (): string => {
    // A meter has no run state: its header says which way power goes (> 0: import at the
    // gateway, generation at the PV meter, consumption at the load meter).
    const dir = storageDirection(value('p'));
    if (dir === 'discharging') {
      if (box.place === 'pv') return t('devices.topology.generating');
      if (box.place === 'load') return t('devices.topology.consuming');
      return t('devices.topology.import');
    }
    if (dir === 'charging' && (box.place === 'gateway' || box.place === undefined)) return t('devices.topology.export');
    return t(`deviceWidgets.tone.${device.tone}`);
  };
  const label =
    device.tone === 'offline' || !widget.state
      ? device.type === 'meter' && device.tone !== 'offline'
        ? meterLabel()
        : t(`deviceWidgets.tone.${device.tone}`)
      : (stateLabel(meta(widget.state.code), device.values[widget.state.code]) ??
        t(`deviceWidgets.tone.${device.tone}`));
  const w = box.w;
  // The meter reports its PT's secondary (57.7 V for 10 kV): the diagram shows the feeder's kV.
  const phaseVoltage = (): string => {
    const ua = value('ua');
    if (!connection || connection.ptRatio === 1 || ua === null) return text('ua');
    return `${fmt.number((ua * connection.ptRatio) / 1000, 2)} kV`;
  };

  let body: ReactNode = null;
  if (device.type === 'meter') {
    body = (
      <>
        <text className={styles.nodePower} x={PAD} y={HEAD + 24} data-testid="node-power">
          {text('p')}
        </text>
        <text className={styles.nodeSmall} x={PAD} y={HEAD + 42} data-testid={`topology-meter-note-${box.place ?? ''}`}>
          {box.place === 'load' && pilePower !== null
            ? t('devices.topology.pilesIncluded', { value: fmt.energy(pilePower, 'kW') })
            : `${phaseVoltage()} · ${text('freq')}`}
        </text>
      </>
    );
  } else {
    const soc = widget.gauge ? value(widget.gauge) : null;
    const socW = w - 2 * PAD - 48;
    body = (
      <>
        <text className={styles.nodePower} x={PAD} y={HEAD + 26} data-testid="node-power">
          {widget.headline ? text(widget.headline) : ''}
        </text>
        {widget.gauge && (
          <g transform={`translate(${PAD},${HEAD + 36})`}>
            <rect className={styles.socTrack} width={socW} height={8} rx={4} />
            <rect
              width={(socW * Math.max(0, Math.min(100, soc ?? 0))) / 100}
              height={8}
              rx={4}
              fill={socColor(soc ?? 0)}
            />
            <text className={styles.nodeValue} x={w - 2 * PAD} y={8} textAnchor="end">
              {soc === null ? '-' : `${fmt.number(soc, 1)}%`}
            </text>
          </g>
        )}
        {device.type === 'pcs' && variant === 'pcs' && (
          <text className={styles.nodeSmall} x={PAD} y={HEAD + 52}>
            {t('devices.topology.reactive')} {text('q')} · {text('udc')}
          </text>
        )}
        {device.type === 'cabinet' && variant === 'pcs' && (
          <text className={styles.nodeSmall} x={PAD} y={HEAD + 72}>
            {meta('soh')?.name ?? ''} {text('soh')} · {text('envTemp')}
          </text>
        )}
        {(device.type === 'bms' || device.type === 'cabinet') && variant === 'battery' && (
          <CellRows device={device} text={text} sohName={meta('soh')?.name ?? ''} w={w} />
        )}
      </>
    );
  }

  return (
    <g
      className={styles.node}
      transform={`translate(${box.x},${box.y})`}
      data-testid={`topology-node-${device.sn}`}
      data-tone={device.tone}
      data-selected={selected || undefined}
    >
      <title>{`${device.name} (${device.sn})`}</title>
      <rect className={styles.nodeBody} width={w} height={box.h} rx={8} stroke={color} />
      <path d={`M0,8a8,8 0 0 1 8,-8H${w - 8}a8,8 0 0 1 8,8V${HEAD}H0Z`} fill={color} fillOpacity={0.12} />
      <text className={styles.nodeName} x={PAD} y={18}>
        {device.name}
      </text>
      <text className={styles.nodeState} x={w - PAD} y={18} textAnchor="end" fill={color}>
        {label}
      </text>
      {body}
      {/* A real button over the node: focus, keyboard and screen readers, in an SVG drawing. */}
      <foreignObject width={w} height={box.h}>
        <button
          type="button"
          className={styles.hit}
          aria-label={`${device.name} ${label}`}
          onClick={() => onOpen(device.id)}
        />
      </foreignObject>
    </g>
  );
}

/** Cell extremes of a cluster or cabinet (battery view): which cell holds each, and the voltage spread. */
function CellRows({
  device,
  text,
  sohName,
  w,
}: {
  device: LiveDevice;
  text: (code: string) => string;
  sohName: string;
  w: number;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const v = (code: string) => device.values[code]?.value;
  const no = (code: string) => {
    const n = v(code);
    return n === undefined ? '' : `  ${t('deviceWidgets.cell', { no: n })}`;
  };
  const vmax = v('cellVmax');
  const vmin = v('cellVmin');
  const rows: [string, string][] = [
    [sohName, text('soh')],
    [t('devices.topology.cell.vmax'), `${text('cellVmax')}${no('cellVmaxNo')}`],
    [t('devices.topology.cell.vmin'), `${text('cellVmin')}${no('cellVminNo')}`],
    [
      t('devices.topology.cell.dv'),
      vmax === undefined || vmin === undefined ? '-' : `${fmt.number((vmax - vmin) * 1000, 0)} mV`,
    ],
    [t('devices.topology.cell.tmax'), `${text('cellTmax')}${no('cellTmaxNo')}`],
    [t('devices.topology.cell.tmin'), `${text('cellTmin')}${no('cellTminNo')}`],
  ];
  return (
    <g transform={`translate(${PAD},${HEAD + 66})`}>
      {rows.map(([label, value], i) => (
        <g key={label} transform={`translate(0,${i * 20})`}>
          <text className={styles.nodeLabel}>{label}</text>
          <text className={styles.nodeValue} x={w - 2 * PAD} textAnchor="end">
            {value}
          </text>
        </g>
      ))}
    </g>
  );
}
