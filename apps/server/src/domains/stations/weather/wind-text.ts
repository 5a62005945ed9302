import type { Lang } from '@ess/contract';

const POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
type Point = (typeof POINTS)[number];

const POINT_NAMES: Record<Lang, Record<Point, string>> = {
  zh_CN: { N: '北', NE: '东北', E: '东', SE: '东南', S: '南', SW: '西南', W: '西', NW: '西北' },
  en_US: { N: 'N', NE: 'NE', E: 'E', SE: 'SE', S: 'S', SW: 'SW', W: 'W', NW: 'NW' },
  // Spanish writes west as O (oeste).
  es_ES: { N: 'N', NE: 'NE', E: 'E', SE: 'SE', S: 'S', SW: 'SO', W: 'O', NW: 'NO' },
  ja_JP: { N: '北', NE: '北東', E: '東', SE: '南東', S: '南', SW: '南西', W: '西', NW: '北西' },
};

const CALM: Record<Lang, string> = { zh_CN: '静风', en_US: 'Calm', es_ES: 'Calma', ja_JP: '静穏' };

const PHRASE: Record<Lang, (point: string, force: number) => string> = {
  zh_CN: (p, f) => `${p}风 ${f}级`,
  en_US: (p, f) => `${p} wind, force ${f}`,
  es_ES: (p, f) => `Viento del ${p}, fuerza ${f}`,
  ja_JP: (p, f) => `${p}の風 ${f}級`,
};

/** The 8-point compass direction the wind blows from. */
export function compassPoint(directionDeg: number): Point {
  const i = Math.round((((directionDeg % 360) + 360) % 360) / 45) % POINTS.length;
  return POINTS[i] ?? 'N';
}

/** Wind as the navbar shows it, e.g. "东北风 3级", "NE wind, force 3"; force 0 is calm. */
export function windText(directionDeg: number, force: number, lang: Lang): string {
  if (force === 0) return CALM[lang];
  return PHRASE[lang](POINT_NAMES[lang][compassPoint(directionDeg)], force);
}
