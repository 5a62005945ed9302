import { type MapMarker, type ProvinceCode, provinceName } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { CHINA_MAP, inView, pathBounds, project, VIEW_BOX } from '@/lib/map/china-map';
import { MarkerCluster } from './marker-cluster';
import { groupMarkers, type MarkerGroup, type PlacedMarker, ringRadius, spread } from './marker-groups';
import { MarkerRing } from './marker-ring';
import { pressable } from './pressable';
import styles from './station-map.module.css';
import { StationMarker } from './station-marker';

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
 * stations whose markers would cover each other are grouped (marker-groups.ts): one marker on the
 * country map, a ring in a province's view — grown until it touches no other station. With
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
  const gap = GAP * unit;
  const radiusOf = (capacityKwh: number) => (5 + 7 * Math.sqrt(Math.min(1, capacityKwh / maxCapacity))) * unit;
  const largest = radiusOf(maxCapacity);
  // A province's groups are drawn as rings: a ring's outer edge is what must stay clear of others.
  const extentOf = (g: MarkerGroup) =>
    province && g.members.length > 1 ? ringRadius(g.members.length, largest, gap) + largest : radiusOf(g.capacityKwh);
  const groups = groupMarkers(placed, extentOf, gap);
  /** A station's own marker where `p` puts it; named in a province's view. */
  const stationAt = (p: PlacedMarker) => (
    <StationMarker
      key={p.marker.id}
      marker={p.marker}
      x={p.x}
      y={p.y}
      r={radiusOf(p.marker.capacityKwh)}
      unit={unit}
      named={province !== null}
      onStation={onStation}
    />
  );
  const marker = (g: MarkerGroup) => {
    const [first] = g.members;
    if (g.members.length === 1 && first) return stationAt(first);
    const key = g.members.map((m) => m.marker.id).join('-');
    return province ? (
      <MarkerRing key={key} group={g} at={spread(g, largest, gap)} unit={unit} station={stationAt} />
    ) : (
      <MarkerCluster key={key} group={g} r={radiusOf(g.capacityKwh)} unit={unit} onProvince={onProvince} />
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
        {groups.map(marker)}
      </svg>
      {shown.length > placed.length && (
        <div className={`${styles.note} ${styles[tone]}`}>
          {t('largeScreen.map.offMap', { count: shown.length - placed.length })}
        </div>
      )}
    </>
  );
}
