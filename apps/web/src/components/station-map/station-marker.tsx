import type { MapMarker } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useStatusColors } from '@/lib/station/site-status';
import { pressable } from './pressable';
import styles from './station-map.module.css';

/**
 * One station's marker, coloured by its state; `named` writes its name beside it (a province's
 * view). Sizes are in view-box units (`r`, `unit`: one screen pixel at the map's reference width).
 */
export function StationMarker({
  marker,
  x,
  y,
  r,
  unit,
  named,
  onStation,
}: {
  marker: MapMarker;
  x: number;
  y: number;
  r: number;
  unit: number;
  named: boolean;
  onStation?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const colors = useStatusColors();
  return (
    <g
      {...(onStation ? pressable(() => onStation(marker.id)) : {})}
      data-testid={`screen-marker-${marker.id}`}
      data-status={marker.status}
    >
      <circle
        cx={x}
        cy={y}
        r={r}
        fill={colors[marker.status]}
        className={`${styles.marker} ${onStation ? styles.pressable : ''}`}
      >
        <title>{onStation ? t('largeScreen.map.openStation', { name: marker.name }) : marker.name}</title>
      </circle>
      {named && (
        <text x={x + r + 4 * unit} y={y + 5 * unit} fontSize={16 * unit} className={styles.label}>
          {marker.name}
        </text>
      )}
    </g>
  );
}
