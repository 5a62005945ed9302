import type { MarkerGroup, PlacedMarker } from './marker-groups';
import styles from './station-map.module.css';
import { StationMarker } from './station-marker';

/**
 * A province's stations at one place, each on a ring around it (`at`, from `spread`) with a line
 * to where it is, so every one stays visible, named and pressable.
 */
export function MarkerRing({
  group,
  at,
  radiusOf,
  unit,
  onStation,
}: {
  group: MarkerGroup;
  at: readonly PlacedMarker[];
  radiusOf: (capacityKwh: number) => number;
  unit: number;
  onStation?: (id: number) => void;
}) {
  const ids = group.members.map((m) => m.marker.id).join('-');
  return (
    <g data-testid={`screen-marker-ring-${ids}`}>
      {at.map((p) => (
        <line key={`to-${p.marker.id}`} x1={group.x} y1={group.y} x2={p.x} y2={p.y} className={styles.leader} />
      ))}
      <circle cx={group.x} cy={group.y} r={2 * unit} className={styles.place} />
      {at.map((p) => (
        <StationMarker
          key={p.marker.id}
          marker={p.marker}
          x={p.x}
          y={p.y}
          r={radiusOf(p.marker.capacityKwh)}
          unit={unit}
          named
          onStation={onStation}
        />
      ))}
    </g>
  );
}
