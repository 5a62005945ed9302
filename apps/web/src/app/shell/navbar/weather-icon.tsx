import type { SkyCondition } from '@ess/contract';
import { palette } from '@/lib/theme/palette';

const SUN = (
  <g stroke={palette.weather.sunRay} strokeWidth="1.6" strokeLinecap="round">
    <circle cx="12" cy="12" r="4.2" fill={palette.weather.sun} />
    <path d="M12 2.5v2.4M12 19.1v2.4M2.5 12h2.4M19.1 12h2.4M5.3 5.3l1.7 1.7M17 17l1.7 1.7M5.3 18.7 7 17M17 7l1.7-1.7" />
  </g>
);
const MOON = <path d="M15.5 3.5a8.5 8.5 0 1 0 5 13.6A7 7 0 0 1 15.5 3.5z" fill={palette.weather.moon} />;
const CLOUD = (
  <path
    d="M7 19h10.5a4 4 0 0 0 .6-7.95A5.5 5.5 0 0 0 7.4 9.6 4.7 4.7 0 0 0 7 19z"
    fill={palette.weather.cloud}
    stroke={palette.weather.cloudEdge}
    strokeWidth="1.2"
  />
);
const drops = (n: number) => (
  <g stroke={palette.weather.rain} strokeWidth="1.6" strokeLinecap="round">
    {[8, 12, 16].slice(0, n).map((x) => (
      <path key={x} d={`M${x} 20.5l-1 2.2`} />
    ))}
  </g>
);
const LINES = (
  <g stroke={palette.weather.cloudEdge} strokeWidth="1.6" strokeLinecap="round">
    <path d="M4 9h16M3 13h18M5 17h14" />
  </g>
);

const SHAPES: Record<SkyCondition, React.ReactNode> = {
  CLEAR_DAY: SUN,
  CLEAR_NIGHT: MOON,
  PARTLY_CLOUDY_DAY: (
    <>
      <g transform="translate(-3 -3) scale(0.8)">{SUN}</g>
      {CLOUD}
    </>
  ),
  PARTLY_CLOUDY_NIGHT: (
    <>
      <g transform="translate(-3 -3) scale(0.8)">{MOON}</g>
      {CLOUD}
    </>
  ),
  CLOUDY: CLOUD,
  HAZE: LINES,
  FOG: LINES,
  LIGHT_RAIN: (
    <g transform="translate(0 -3)">
      {CLOUD}
      {drops(2)}
    </g>
  ),
  MODERATE_RAIN: (
    <g transform="translate(0 -3)">
      {CLOUD}
      {drops(3)}
    </g>
  ),
  HEAVY_RAIN: (
    <g transform="translate(0 -3)">
      {CLOUD}
      {drops(3)}
      <g transform="translate(2 -2)">{drops(2)}</g>
    </g>
  ),
  LIGHT_SNOW: (
    <g transform="translate(0 -3)">
      {CLOUD}
      <g fill={palette.weather.snow}>
        <circle cx="9" cy="21.5" r="1.1" />
        <circle cx="13" cy="22.5" r="1.1" />
        <circle cx="17" cy="21.5" r="1.1" />
      </g>
    </g>
  ),
};

/** A small drawn icon per sky condition (no icon font or emoji, so it renders the same everywhere). */
export function WeatherIcon({ sky, size = 22 }: { sky: SkyCondition; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      {SHAPES[sky]}
    </svg>
  );
}
