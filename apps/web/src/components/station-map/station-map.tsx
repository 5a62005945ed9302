import { type MapMarker, type ProvinceCode, provinceName } from '@ess/contract';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { CHINA_MAP, inView, pathBounds, project, VIEW_BOX } from '@/lib/map/china-map';
import { useStatusColors } from '@/lib/station/site-status';
import { groupMarkers, type MarkerGroup, spread } from './marker-groups';
import styles from './station-map.module.css';

/** A map shape a pointer or the keyboard (Enter, Space) opens. */
const pressable = (onPress: () => void) => ({
  role: 'button' as const,
  tabIndex: 0,
  onClick: onPress,
  onKeyDown: (e: KeyboardEvent<SVGElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPress();
    }
  },
});

/** Least space between two markers' edges, in screen pixels at the map's reference width (900). */
const GAP = 2;

/** Margin around a province's outline when it fills the map, as a share of its size. */
const MARGIN = 0.04;

/** The outlines' own extent: the country drawn as large as its panel allows. */
const COUNTRY = (() => {
  const all = CHINA_MAP.provinces.map((p) => pathBounds(p.d));
  const x = Math.min(...all.map((b) => b.x));
  const y = Math.min(...all.map((b) => b.y));
  const right = Math.max(...all.map((b) => b.x + b.width));
  const bottom = Math.max(...all.map((b) => b.y + b.height));
  return all.length ? { x, y, width: right - x, height: bottom - y } : VIEW_BOX;
})();

type Box = { x: number; y: number; width: number; height: number };

/** The map's view box: the country, or one province with a margin. */
function viewBoxOf(province: ProvinceCode | null): Box {
  const shape = province ? CHINA_MAP.provinces.find((p) => p.code === province) : undefined;
  const b = shape ? pathBounds(shape.d) : COUNTRY;
  const mx = b.width * MARGIN;
  const my = b.height * MARGIN;
  return { x: b.x - mx, y: b.y - my, width: b.width + 2 * mx, height: b.height + 2 * my };
}

export type MapTone = 'wall' | 'page';

/**
 * The stations on the offline map of China (outlines shipped with the app, no map service): a
 * marker per station at its coordinates, coloured by its state and sized by its capacity;
 * stations whose markers would cover each other are grouped (marker-groups.ts). With
 * `province` the map shows that province, its stations named. `onProvince` and `onStation` make
 * provinces and markers open something (the large screens drill down; a dashboard only shows).
 * `wall` is the large screens' dark look, `page` the signed-in pages' light one.
 */
export function StationMap({
  markers,
  province,
  tone,
  onProvince,
  onStation,
}: {
  markers: readonly MapMarker[];
  province: ProvinceCode | null;
  tone: MapTone;
  onProvince?: (code: ProvinceCode) => void;
  onStation?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const colors = useStatusColors();
  const lang = useLang();
  const shown = markers.filter((s) => province === null || s.provinceCode === province);
  const placed = shown
    .filter((s) => inView(s.longitude, s.latitude))
    .map((marker) => {
      const [x, y] = project(marker.longitude, marker.latitude);
      return { marker, x, y };
    });
  const maxCapacity = Math.max(1, ...placed.map((p) => p.marker.capacityKwh));
  const box = viewBoxOf(province);
  // Markers and names keep their size on screen whatever the zoom: sizes are in view-box units.
  const unit = box.width / 900;
  const radiusOf = (capacityKwh: number) => (5 + 7 * Math.sqrt(Math.min(1, capacityKwh / maxCapacity))) * unit;
  const groups = groupMarkers(placed, radiusOf, GAP * unit);
  const stationMarker = (s: MapMarker, x: number, y: number) => {
    const r = radiusOf(s.capacityKwh);
    return (
      <g
        key={s.id}
        {...(onStation ? pressable(() => onStation(s.id)) : {})}
        data-testid={`screen-marker-${s.id}`}
        data-status={s.status}
      >
        <circle
          cx={x}
          cy={y}
          r={r}
          fill={colors[s.status]}
          className={`${styles.marker} ${onStation ? styles.pressable : ''}`}
        >
          <title>{onStation ? t('largeScreen.map.openStation', { name: s.name }) : s.name}</title>
        </circle>
        {province && (
          <text x={x + r + 4 * unit} y={y + 5 * unit} fontSize={16 * unit} className={styles.label}>
            {s.name}
          </text>
        )}
      </g>
    );
  };
  /**
   * Stations too close to tell apart: on the country map one marker with their count (pressed,
   * it opens their province); in a province each on a ring around their place, a line to it.
   */
  const groupMarker = (g: MarkerGroup) => {
    const ids = g.members.map((m) => m.marker.id).join('-');
    if (province) {
      const at = spread(g, radiusOf(maxCapacity), GAP * unit);
      return (
        <g key={ids} data-testid={`screen-marker-ring-${ids}`}>
          {at.map((p) => (
            <line key={`to-${p.marker.id}`} x1={g.x} y1={g.y} x2={p.x} y2={p.y} className={styles.leader} />
          ))}
          <circle cx={g.x} cy={g.y} r={2 * unit} className={styles.place} />
          {at.map((p) => stationMarker(p.marker, p.x, p.y))}
        </g>
      );
    }
    const provinces = new Set(g.members.map((m) => m.marker.provinceCode));
    const [only] = provinces;
    const open = onProvince && provinces.size === 1 && only ? () => onProvince(only) : null;
    const names = g.members.map((m) => m.marker.name).join(lang === 'zh_CN' || lang === 'ja_JP' ? '、' : ', ');
    const r = radiusOf(g.capacityKwh);
    return (
      <g
        key={ids}
        {...(open ? pressable(open) : {})}
        data-testid={`screen-marker-group-${ids}`}
        data-status={g.status}
        data-count={g.members.length}
      >
        <circle
          cx={g.x}
          cy={g.y}
          r={r}
          fill={colors[g.status]}
          className={`${styles.marker} ${open ? styles.pressable : ''}`}
        >
          <title>
            {t('largeScreen.map.group', { count: g.members.length, names })}
            {open && only ? `\n${t('largeScreen.map.openProvince', { province: provinceName(only, lang) })}` : ''}
          </title>
        </circle>
        <text
          x={g.x}
          y={g.y}
          fontSize={13 * unit}
          className={styles.count}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {g.members.length}
        </text>
      </g>
    );
  };
  return (
    <>
      <svg
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        className={`${styles.map} ${styles[tone]}`}
        role="img"
        aria-label={t('largeScreen.map.title')}
        data-testid="screen-map"
      >
        {CHINA_MAP.provinces.map((p) => (
          <path
            key={p.code}
            d={p.d}
            className={`${styles.province} ${onProvince ? styles.pressable : ''} ${province === p.code ? styles.focused : province ? styles.dimmed : ''}`}
            {...(onProvince ? pressable(() => onProvince(p.code)) : {})}
            data-testid={`screen-province-${p.code}`}
          >
            <title>
              {onProvince
                ? t('largeScreen.map.openProvince', { province: provinceName(p.code, lang) })
                : provinceName(p.code, lang)}
            </title>
          </path>
        ))}
        {groups.map((g) => {
          const [first] = g.members;
          return g.members.length === 1 && first ? stationMarker(first.marker, first.x, first.y) : groupMarker(g);
        })}
      </svg>
      {shown.length > placed.length && (
        <div className={`${styles.note} ${styles[tone]}`}>
          {t('largeScreen.map.offMap', { count: shown.length - placed.length })}
        </div>
      )}
    </>
  );
}
