import { describe, expect, it } from 'vitest';
import { dailyWeather, type Site } from '../weather/weather-model';
import { rngFor } from './random';
import { SiteEnvironment } from './site-environment';

const MADRID: Site = { code: 'ES-MAD01', latitude: 40.4168, longitude: -3.7038 };
const SUZHOU: Site = { code: 'JS-SZ01', latitude: 31.3165, longitude: 120.7206 };

describe('site environment clock and weather', () => {
  it('reads the station clock in its own zone across a daylight-saving change', () => {
    const env = new SiteEnvironment(MADRID, 'Europe/Madrid', rngFor(1, 'site'));
    // 2025-03-30: clocks go from 02:00 CET to 03:00 CEST at 01:00 UTC.
    env.update(new Date('2025-03-30T00:59:00Z'), 60);
    expect(env.clock).toMatchObject({ date: '2025-03-30', minuteOfDay: 119, utcOffsetHours: 1, weekday: 0 });
    env.update(new Date('2025-03-30T01:00:00Z'), 60);
    expect(env.clock).toMatchObject({ date: '2025-03-30', minuteOfDay: 180, utcOffsetHours: 2 });
    env.update(new Date('2025-03-30T22:00:00Z'), 60);
    expect(env.clock).toMatchObject({ date: '2025-03-31', minuteOfDay: 0 });
  });

  it('drives PV from the clearness the navbar weather shows for the station day', () => {
    const madrid = new SiteEnvironment(MADRID, 'Europe/Madrid', rngFor(1, 'site'));
    const suzhou = new SiteEnvironment(SUZHOU, 'Asia/Shanghai', rngFor(1, 'site'));
    // 23:30 UTC on 14 July is 01:30 on the 15th in Madrid (UTC+2) and 07:30 on the 15th in Shanghai.
    const t = new Date('2025-07-14T23:30:00Z');
    madrid.update(t, 60);
    suzhou.update(t, 60);
    expect(madrid.clock.date).toBe('2025-07-15');
    expect(madrid.clearness).toBe(dailyWeather(MADRID, t, 'Europe/Madrid').clearness);
    expect(suzhou.clearness).toBe(dailyWeather(SUZHOU, t, 'Asia/Shanghai').clearness);
    // Night in Madrid: no sun, no irradiance.
    expect(madrid.irradianceWm2).toBe(0);
  });
});
