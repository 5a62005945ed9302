import { provinceName } from '@ess/contract';
import { theme } from 'antd';
import { type KeyboardEvent, type MouseEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { CHINA_MAP, clickToCoordinates, inView, project, VIEW_BOX } from '@/lib/map/china-map';

type Props = {
  longitude: number | null | undefined;
  latitude: number | null | undefined;
  /** The station's province, drawn highlighted. */
  provinceCode?: string | null;
  onPick: (c: { longitude: number; latitude: number }) => void;
};

/**
 * A map of China drawn from outlines shipped with the app (no tile server, works offline):
 * a click sets the coordinates, a marker shows the current ones. The inputs beside it stay the
 * way to type exact values or places outside the map.
 */
export function MapPicker({ longitude, latitude, provinceCode, onPick }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  const marker =
    typeof longitude === 'number' && typeof latitude === 'number' && inView(longitude, latitude)
      ? project(longitude, latitude)
      : null;
  const svg = useRef<SVGSVGElement>(null);
  const pick = (e: MouseEvent<HTMLButtonElement>) => {
    // Enter or space on the focused map is a click without a place: the arrows move the point.
    if (e.detail === 0) return;
    const rect = svg.current?.getBoundingClientRect();
    const c = rect ? clickToCoordinates(e.clientX, e.clientY, rect) : null;
    if (c) onPick(c);
  };
  // Keyboard: arrows move the point by 0.1° (from the map's middle when there is none yet).
  const nudge = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step: Record<string, [number, number]> = {
      ArrowLeft: [-0.1, 0],
      ArrowRight: [0.1, 0],
      ArrowUp: [0, 0.1],
      ArrowDown: [0, -0.1],
    };
    const d = step[e.key];
    if (!d) return;
    e.preventDefault();
    const lon = typeof longitude === 'number' ? longitude : 104;
    const lat = typeof latitude === 'number' ? latitude : 35;
    onPick({
      longitude: Math.round((lon + d[0]) * 10_000) / 10_000,
      latitude: Math.round((lat + d[1]) * 10_000) / 10_000,
    });
  };
  const r = VIEW_BOX.width / 90;
  return (
    <button
      type="button"
      aria-label={t('stationAdmin.mapLabel')}
      data-testid="map-picker"
      onClick={pick}
      onKeyDown={nudge}
      style={{ cursor: 'crosshair', display: 'block', width: '100%', padding: 0, border: 'none', background: 'none' }}
    >
      <svg
        ref={svg}
        viewBox={`${VIEW_BOX.x} ${VIEW_BOX.y} ${VIEW_BOX.width} ${VIEW_BOX.height}`}
        // The view box fills the element exactly, so a click maps linearly back to coordinates.
        preserveAspectRatio="none"
        aria-hidden="true"
        style={{
          width: '100%',
          aspectRatio: `${VIEW_BOX.width} / ${VIEW_BOX.height}`,
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
          display: 'block',
        }}
      >
        {CHINA_MAP.provinces.map((p) => (
          <path
            key={p.code}
            d={p.d}
            fill={p.code === provinceCode ? token.colorPrimaryBgHover : token.colorFillSecondary}
            stroke={token.colorBorder}
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          >
            <title>{provinceName(p.code, lang)}</title>
          </path>
        ))}
        {marker && (
          <g data-testid="map-marker">
            <circle cx={marker[0]} cy={marker[1]} r={r} fill={token.colorError} fillOpacity={0.85} />
            <circle
              cx={marker[0]}
              cy={marker[1]}
              r={r * 2.2}
              fill="none"
              stroke={token.colorError}
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
          </g>
        )}
      </svg>
    </button>
  );
}
