import type { ReactNode } from 'react';
import type { MarkerGroup, PlacedMarker } from './marker-groups';
import styles from './station-map.module.css';

/**
 * A province's stations at one place, each on a ring around it (`at`, from `spread`) with a line
 * to where it is, so every one stays visible, named and pressable (`station` draws each, as the
 * map draws a station on its own).
 */
export function MarkerRing({
  group,
  at,
  unit,
  station,
}: {
  group: MarkerGroup;
  at: readonly PlacedMarker[];
  unit: number;
  station: (p: PlacedMarker) => ReactNode;
}) {
  const ids = group.members.map((m) => m.marker.id).join('-');
  return (
    <g data-testid={`screen-marker-ring-${ids}`}>
      {at.map((p) => (
        <line key={`to-${p.marker.id}`} x1={group.x} y1={group.y} x2={p.x} y2={p.y} className={styles.leader} />
      ))}
      <circle cx={group.x} cy={group.y} r={2 * unit} className={styles.place} />
      {at.map(station)}
    </g>
  );
}
