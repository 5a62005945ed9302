import { type Names, names } from './i18n';
import type { TouPrices, TouSegment } from './tou';

const cut = (...parts: [start: string, end: string, period: TouSegment['period']][]): TouSegment[] =>
  parts.map(([start, end, period]) => ({ start, end, period }));

/**
 * Time-of-use templates of the demo provinces, after the structure of their industrial and
 * commercial cuts (examples: real hours and prices change by year, season and voltage
 * class), and the demo stations on them: the seed gives each station its province's template
 * (the example template only where a province has none) and the simulator runs its storage on
 * that cut, so the stations' schedules differ. Server tests that derive revenue from the example
 * template put their station on it first (domains/monitoring/rate/tariff-fixtures.kit.ts).
 */
/** The example template's name (TOU-EXAMPLE, the stations of provinces without their own). */
export const EXAMPLE_TOU_NAMES: Names = names(
  '示例分时电价',
  'Example time-of-use tariff',
  'Tarifa horaria de ejemplo',
  '時間帯別料金の例',
);

export const PROVINCE_TOU_TEMPLATES: {
  code: string;
  /** In the four languages; the seed stores the Chinese as the template's name (the fallback). */
  names: Names;
  stations: string[];
  segments: TouSegment[];
  prices: TouPrices;
}[] = [
  {
    code: 'TOU-JS',
    names: names(
      '江苏工商业分时电价（示例）',
      'Jiangsu commercial and industrial time-of-use tariff (example)',
      'Tarifa horaria comercial e industrial de Jiangsu (ejemplo)',
      '江蘇省 商工業向け時間帯別料金（例）',
    ),
    stations: ['JS-SZ01', 'JS-NJ01', 'JS-WX01'],
    // A morning and a long evening peak around a flat midday.
    segments: cut(
      ['00:00', '08:00', 'valley'],
      ['08:00', '11:00', 'peak'],
      ['11:00', '17:00', 'flat'],
      ['17:00', '22:00', 'peak'],
      ['22:00', '24:00', 'flat'],
    ),
    prices: { sharp: 1.3, peak: 1.08, flat: 0.64, valley: 0.28, deepValley: 0.22 },
  },
  {
    code: 'TOU-GD',
    names: names(
      '广东珠三角工商业分时电价（示例）',
      'Guangdong Pearl River Delta commercial and industrial time-of-use tariff (example)',
      'Tarifa horaria comercial e industrial del delta del río Perla, Guangdong (ejemplo)',
      '広東省珠江デルタ 商工業向け時間帯別料金（例）',
    ),
    stations: ['GD-SZ01', 'GD-GZ01', 'GD-DG01'],
    // Peaks 10–12 and 14–19 with sharp hours 11–12 and 15–17.
    segments: cut(
      ['00:00', '08:00', 'valley'],
      ['08:00', '10:00', 'flat'],
      ['10:00', '11:00', 'peak'],
      ['11:00', '12:00', 'sharp'],
      ['12:00', '14:00', 'flat'],
      ['14:00', '15:00', 'peak'],
      ['15:00', '17:00', 'sharp'],
      ['17:00', '19:00', 'peak'],
      ['19:00', '24:00', 'flat'],
    ),
    prices: { sharp: 1.42, peak: 1.13, flat: 0.68, valley: 0.28, deepValley: 0.22 },
  },
  {
    code: 'TOU-ZJ',
    names: names(
      '浙江工商业分时电价（示例）',
      'Zhejiang commercial and industrial time-of-use tariff (example)',
      'Tarifa horaria comercial e industrial de Zhejiang (ejemplo)',
      '浙江省 商工業向け時間帯別料金（例）',
    ),
    stations: ['ZJ-HZ01', 'ZJ-NB01'],
    // No flat period: a midday valley between the morning and the afternoon peaks.
    segments: cut(
      ['00:00', '08:00', 'valley'],
      ['08:00', '09:00', 'peak'],
      ['09:00', '11:00', 'sharp'],
      ['11:00', '13:00', 'valley'],
      ['13:00', '15:00', 'peak'],
      ['15:00', '17:00', 'sharp'],
      ['17:00', '22:00', 'peak'],
      ['22:00', '24:00', 'valley'],
    ),
    prices: { sharp: 1.36, peak: 1.1, flat: 0.68, valley: 0.34, deepValley: 0.3 },
  },
];
