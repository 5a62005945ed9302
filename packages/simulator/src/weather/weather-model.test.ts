import { SKY_CONDITIONS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import {
  beaufort,
  climateMeanTemperature,
  type DailyWeather,
  dailyClearness,
  dailyWeather,
  meanClearness,
  noonSolarElevation,
  type Site,
  SKY_BANDS,
} from './weather-model';

const HARBIN: Site = { code: 'HL-HRB01', latitude: 45.75, longitude: 126.63 };
const BEIJING: Site = { code: 'BJ-CY01', latitude: 39.92, longitude: 116.44 };
const SUZHOU: Site = { code: 'JS-SZ01', latitude: 31.3165, longitude: 120.7206 };
const SHENZHEN: Site = { code: 'GD-SZ01', latitude: 22.5551, longitude: 113.8837 };
const SITES = [HARBIN, BEIJING, SUZHOU, SHENZHEN];

/** Local noon in China (UTC+8) of a calendar day. */
const chinaNoon = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 4));
const daysOf = (site: Site, month: number, years = [2023, 2024, 2025]): DailyWeather[] =>
  years.flatMap((y) => Array.from({ length: 28 }, (_, i) => dailyWeather(site, chinaNoon(y, month, i + 1))));
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('calendar', () => {
  it('uses the local date of the station zone, China Standard Time by default', () => {
    expect(dailyWeather(SUZHOU, new Date('2025-01-01T15:59:00Z')).date).toBe('2025-01-01');
    expect(dailyWeather(SUZHOU, new Date('2025-01-01T16:00:00Z')).date).toBe('2025-01-02');
    expect(dailyWeather(SUZHOU, new Date('2025-06-30T17:00:00Z'), 'Asia/Shanghai').date).toBe('2025-07-01');
    expect(dailyWeather(SUZHOU, new Date('2025-06-30T17:00:00Z'), 'UTC').date).toBe('2025-06-30');
  });

  it('follows a zone with daylight saving time (Madrid)', () => {
    const MADRID: Site = { code: 'ES-MAD01', latitude: 40.4168, longitude: -3.7038 };
    // 23:30 UTC is 00:30 the next day in winter (UTC+1) and 01:30 in summer (UTC+2).
    expect(dailyWeather(MADRID, new Date('2025-01-14T23:30:00Z'), 'Europe/Madrid').date).toBe('2025-01-15');
    expect(dailyWeather(MADRID, new Date('2025-07-14T21:59:00Z'), 'Europe/Madrid').date).toBe('2025-07-14');
    expect(dailyWeather(MADRID, new Date('2025-07-14T22:00:00Z'), 'Europe/Madrid').date).toBe('2025-07-15');
    // Day and night follow the sun at the instant: 21:00 local in July is still daylight in Madrid.
    const evening = new Date('2025-07-15T19:00:00Z');
    const w = dailyWeather(MADRID, evening, 'Europe/Madrid');
    if (w.skyCon.endsWith('_NIGHT')) throw new Error(`night at 21:00 in Madrid: ${w.skyCon}`);
    // The noon sun of a day is the same whichever zone names it.
    expect(noonSolarElevation(MADRID, '2025-06-21', 'Europe/Madrid')).toBeCloseTo(
      noonSolarElevation(MADRID, '2025-06-21', 'UTC'),
      1,
    );
    expect(noonSolarElevation(MADRID, '2025-06-21', 'Europe/Madrid')).toBeCloseTo(90 - 40.4168 + 23.44, 0);
  });

  it('gives the same figures for the same station and local date in any zone', () => {
    const shanghaiNoon = dailyWeather(SUZHOU, new Date('2025-07-15T04:00:00Z'), 'Asia/Shanghai');
    const utcNoon = dailyWeather(SUZHOU, new Date('2025-07-15T12:00:00Z'), 'UTC');
    expect(utcNoon.date).toBe(shanghaiNoon.date);
    expect(utcNoon.clearness).toBe(shanghaiNoon.clearness);
    expect(utcNoon.windSpeedMs).toBe(shanghaiNoon.windSpeedMs);
  });
});

describe('determinism', () => {
  it('gives the same day for the same station and date, whatever the hour', () => {
    const a = dailyWeather(SUZHOU, new Date('2025-07-15T01:00:00Z'));
    const b = dailyWeather(SUZHOU, new Date('2025-07-15T13:00:00Z'));
    expect(dailyWeather(SUZHOU, new Date('2025-07-15T01:00:00Z'))).toEqual(a);
    const { skyCon: _a, ...dayA } = a;
    const { skyCon: _b, ...dayB } = b;
    expect(dayB).toEqual(dayA);
    expect(dailyClearness(SUZHOU, '2025-07-15')).toBe(a.clearness);
  });

  it('differs between stations and between days', () => {
    const twin: Site = { ...SUZHOU, code: 'JS-SZ02' };
    const dates = Array.from({ length: 30 }, (_, i) => chinaNoon(2025, 4, i + 1));
    const mine = dates.map((d) => dailyWeather(SUZHOU, d).clearness);
    const theirs = dates.map((d) => dailyWeather(twin, d).clearness);
    expect(mine).not.toEqual(theirs);
    expect(new Set(mine).size).toBeGreaterThan(20);
  });
});

describe('climate', () => {
  it('is cloudier and wetter in southern summers than in southern winters', () => {
    const jan = avg(daysOf(SHENZHEN, 1).map((w) => w.clearness));
    const jul = avg(daysOf(SHENZHEN, 7).map((w) => w.clearness));
    expect(jul).toBeLessThan(jan - 0.1);
    const rainy = (ws: DailyWeather[]) => ws.filter((w) => w.skyCon.endsWith('_RAIN')).length;
    expect(rainy(daysOf(SHENZHEN, 7))).toBeGreaterThan(rainy(daysOf(SHENZHEN, 1)));
    expect(meanClearness(SHENZHEN.latitude, 196)).toBeLessThan(meanClearness(HARBIN.latitude, 196));
  });

  it('orders temperatures by season and latitude', () => {
    for (const s of SITES) {
      expect(climateMeanTemperature(s.latitude, 200)).toBeGreaterThan(climateMeanTemperature(s.latitude, 20));
    }
    const janMax = SITES.map((s) => avg(daysOf(s, 1).map((w) => w.maxTemperature)));
    expect(janMax).toEqual([...janMax].sort((a, b) => a - b));
    const julMean = (s: Site) => avg(daysOf(s, 7).map((w) => (w.minTemperature + w.maxTemperature) / 2));
    expect(julMean(SHENZHEN)).toBeGreaterThan(julMean(HARBIN));
  });

  it('keeps Harbin in January well below freezing', () => {
    const days = daysOf(HARBIN, 1);
    for (const w of days) expect(w.maxTemperature, w.date).toBeLessThan(0);
    expect(avg(days.map((w) => w.minTemperature))).toBeLessThan(-15);
  });

  it('keeps Shenzhen in July around 27–33 °C', () => {
    const days = daysOf(SHENZHEN, 7);
    expect(avg(days.map((w) => w.maxTemperature))).toBeGreaterThanOrEqual(30);
    expect(avg(days.map((w) => w.maxTemperature))).toBeLessThanOrEqual(34);
    expect(avg(days.map((w) => w.minTemperature))).toBeGreaterThanOrEqual(25);
    expect(avg(days.map((w) => w.minTemperature))).toBeLessThanOrEqual(28);
    for (const w of days) {
      expect(w.minTemperature, w.date).toBeGreaterThanOrEqual(22);
      expect(w.maxTemperature, w.date).toBeLessThanOrEqual(37);
    }
  });
});

describe('every day of a year at every site', () => {
  const year = SITES.flatMap((s) =>
    Array.from({ length: 365 }, (_, i) => ({ site: s, w: dailyWeather(s, new Date(Date.UTC(2025, 0, 1 + i, 4))) })),
  );

  it('stays within the contract ranges', () => {
    for (const { w } of year) {
      expect(w.clearness).toBeGreaterThanOrEqual(0);
      expect(w.clearness).toBeLessThanOrEqual(1);
      expect(Number.isInteger(w.minTemperature) && Number.isInteger(w.maxTemperature)).toBe(true);
      expect(w.minTemperature).toBeLessThanOrEqual(w.maxTemperature);
      expect(w.minTemperature).toBeGreaterThan(-45);
      expect(w.maxTemperature).toBeLessThan(42);
      expect(w.windDirectionDeg).toBeGreaterThanOrEqual(0);
      expect(w.windDirectionDeg).toBeLessThan(360);
      expect(w.windSpeedMs).toBeGreaterThanOrEqual(0);
      expect(w.windForce).toBe(beaufort(w.windSpeedMs));
      expect(SKY_CONDITIONS).toContain(w.skyCon);
    }
  });

  it('names a sky that matches the clearness and the sun', () => {
    for (const { w } of year) {
      const k = w.clearness;
      const expected =
        k >= SKY_BANDS.clear
          ? ['CLEAR_DAY']
          : k >= SKY_BANDS.partlyCloudy
            ? ['PARTLY_CLOUDY_DAY']
            : k >= SKY_BANDS.cloudy
              ? ['CLOUDY', 'HAZE', 'FOG']
              : ['LIGHT_RAIN', 'MODERATE_RAIN', 'HEAVY_RAIN', 'LIGHT_SNOW'];
      // Noon: the sun is up everywhere in China.
      expect(expected, `${w.date} k=${k}`).toContain(w.skyCon);
      if (w.skyCon === 'LIGHT_SNOW') expect((w.minTemperature + w.maxTemperature) / 2).toBeLessThanOrEqual(1);
      if (k < SKY_BANDS.heavyRain && w.skyCon !== 'LIGHT_SNOW') expect(w.skyCon).toBe('HEAVY_RAIN');
    }
    expect(new Set(year.map(({ w }) => w.skyCon)).size).toBeGreaterThanOrEqual(7);
  });

  it('switches clear skies to their night form after sunset', () => {
    const clear = year.filter(({ w }) => w.skyCon === 'CLEAR_DAY' || w.skyCon === 'PARTLY_CLOUDY_DAY');
    expect(clear.length).toBeGreaterThan(100);
    for (const { site, w } of clear.slice(0, 50)) {
      // 22:00 China time on the same local day.
      const night = dailyWeather(site, new Date(`${w.date}T14:00:00Z`));
      expect(night.skyCon).toBe(w.skyCon.replace('_DAY', '_NIGHT'));
      expect(night.clearness).toBe(w.clearness);
    }
  });
});

describe('Beaufort force', () => {
  it('follows the WMO limits', () => {
    expect([0, 0.2, 0.3, 1.5, 1.6, 3.3, 3.4, 5.4, 5.5, 10.8, 32.6, 32.7, 50].map(beaufort)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 6, 11, 12, 12,
    ]);
  });
});
