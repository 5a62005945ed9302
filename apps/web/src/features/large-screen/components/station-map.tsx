import { type ProvinceCode, provinceName, type SiteOverviewRow, type StationNode } from '@ess/contract';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { CHINA_MAP, inView, pathBounds, project, VIEW_BOX } from '@/lib/map/china-map';
import { useStatusColors } from '@/lib/station/site-status';
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

/**
 * The stations on the offline map of China (outlines shipped with the app, no map service): a
 * marker per station at its coordinates, coloured by its state and sized by its capacity; a
 * click on a province shows its stations, on a marker the station. With `province` the map
 * shows that province, its stations named.
 */
export function StationMap({
  stations,
  rows,
  province,
  onProvince,
  onStation,
}: {
  stations: StationNode[];
  rows: SiteOverviewRow[];
  province: ProvinceCode | null;
  onProvince: (code: ProvinceCode) => void;
  onStation: (id: number) => void;
}) {
  const { t } = useTranslation();
  const colors = useStatusColors();
  const lang = useLang();
  const rowOf = new Map(rows.map((r) => [r.stationId, r]));
  const shown = stations.filter((s) => (province === null || s.provinceCode === province) && rowOf.has(s.id));
  const placed = shown.filter((s) => inView(s.longitude, s.latitude));
  const maxCapacity = Math.max(1, ...placed.map((s) => s.capacityKwh));
  const box = viewBoxOf(province);
  // Markers and names keep their size on screen whatever the zoom: sizes are in view-box units.
  const unit = box.width / 900;
  return (
    <>
      <svg
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        className={styles.map}
        role="img"
        aria-label={t('largeScreen.map.title')}
        data-testid="screen-map"
      >
        {CHINA_MAP.provinces.map((p) => (
          <path
            key={p.code}
            d={p.d}
            className={`${styles.province} ${province === p.code ? styles.focused : province ? styles.dimmed : ''}`}
            {...pressable(() => onProvince(p.code))}
            data-testid={`screen-province-${p.code}`}
          >
            <title>{t('largeScreen.map.openProvince', { province: provinceName(p.code, lang) })}</title>
          </path>
        ))}
        {placed.map((s) => {
          const [x, y] = project(s.longitude, s.latitude);
          const status = rowOf.get(s.id)?.status ?? 'offline';
          const r = (5 + 7 * Math.sqrt(s.capacityKwh / maxCapacity)) * unit;
          return (
            <g
              key={s.id}
              {...pressable(() => onStation(s.id))}
              data-testid={`screen-marker-${s.id}`}
              data-status={status}
            >
              <circle cx={x} cy={y} r={r} fill={colors[status]} className={styles.marker}>
                <title>{t('largeScreen.map.openStation', { name: s.name })}</title>
              </circle>
              {province && (
                <text x={x + r + 4 * unit} y={y + 5 * unit} fontSize={16 * unit} className={styles.label}>
                  {s.name}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {shown.length > placed.length && (
        <div className={styles.note}>{t('largeScreen.map.offMap', { count: shown.length - placed.length })}</div>
      )}
    </>
  );
}
