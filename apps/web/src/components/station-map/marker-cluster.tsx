import { type ProvinceCode, provinceName } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';
import { useStatusColors } from '@/lib/station/site-status';
import type { MarkerGroup } from './marker-groups';
import { pressable } from './pressable';
import styles from './station-map.module.css';

/**
 * Stations too close to tell apart on the country map: one marker with their count, their worst
 * state and their names in its title; pressed, it opens their province (when they share one).
 */
export function MarkerCluster({
  group,
  r,
  unit,
  onProvince,
}: {
  group: MarkerGroup;
  r: number;
  unit: number;
  onProvince?: (code: ProvinceCode) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const format = useFormat();
  const colors = useStatusColors();
  const ids = group.members.map((m) => m.marker.id).join('-');
  const provinces = new Set(group.members.map((m) => m.marker.provinceCode));
  const [only] = provinces;
  const open = onProvince && provinces.size === 1 && only ? () => onProvince(only) : null;
  const names = format.list(group.members.map((m) => m.marker.name));
  return (
    <g
      {...(open ? pressable(open) : {})}
      data-testid={`screen-marker-group-${ids}`}
      data-status={group.status}
      data-count={group.members.length}
    >
      <circle
        cx={group.x}
        cy={group.y}
        r={r}
        fill={colors[group.status]}
        className={`${styles.marker} ${open ? styles.pressable : ''}`}
      >
        <title>
          {t('largeScreen.map.group', { count: group.members.length, names })}
          {open && only ? `\n${t('largeScreen.map.openProvince', { province: provinceName(only, lang) })}` : ''}
        </title>
      </circle>
      <text
        x={group.x}
        y={group.y}
        fontSize={13 * unit}
        className={styles.count}
        textAnchor="middle"
        dominantBaseline="central"
      >
        {group.members.length}
      </text>
    </g>
  );
}
