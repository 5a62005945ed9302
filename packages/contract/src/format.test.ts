import { describe, expect, it } from 'vitest';
import { formatEnergy, formatList, formatMoney, formatWeight, relativeTime, shortenNumber } from './format';

describe('spec 9 formatting', () => {
  it('switches kWh to MWh at 10,000 with 1 decimal', () => {
    expect(formatEnergy(9999.94, 'kWh', 'en_US')).toEqual({ value: '9,999.9', unit: 'kWh' });
    expect(formatEnergy(10_000, 'kWh', 'en_US')).toEqual({ value: '10.0', unit: 'MWh' });
    expect(formatEnergy(-12_345, 'kWh', 'zh_CN')).toEqual({ value: '-12.3', unit: 'MWh' });
    expect(formatEnergy(0, 'kWh', 'en_US')).toEqual({ value: '0.0', unit: 'kWh' });
  });
  it('switches kW, kVar and kWp the same way', () => {
    expect(formatEnergy(9999, 'kW', 'en_US').unit).toBe('kW');
    expect(formatEnergy(25_000, 'kW', 'en_US')).toEqual({ value: '25.0', unit: 'MW' });
    expect(formatEnergy(-10_000, 'kVar', 'en_US')).toEqual({ value: '-10.0', unit: 'MVar' });
    expect(formatEnergy(12_500, 'kWp', 'ja_JP')).toEqual({ value: '12.5', unit: 'MWp' });
  });
  it('switches yuan to 万元 at 10,000 in Chinese, with 2 decimals', () => {
    expect(formatMoney(9999.999, 'zh_CN')).toEqual({ value: '10,000.00', unit: '元' });
    expect(formatMoney(9999.99, 'zh_CN')).toEqual({ value: '9,999.99', unit: '元' });
    expect(formatMoney(10_000, 'zh_CN')).toEqual({ value: '1.00', unit: '万元' });
    expect(formatMoney(123_456, 'zh_CN')).toEqual({ value: '12.35', unit: '万元' });
  });
  it('keeps English and Spanish amounts true to their unit', () => {
    expect(formatMoney(9999.99, 'en_US')).toEqual({ value: '9,999.99', unit: 'RMB' });
    expect(formatMoney(10_000, 'en_US')).toEqual({ value: '10.00', unit: 'k RMB' });
    expect(formatMoney(1_250_000, 'en_US')).toEqual({ value: '1.25', unit: 'M RMB' });
    expect(formatMoney(-2_000_000, 'es_ES').unit).toBe('M RMB');
  });
  it('switches kg to tonnes at 1,000', () => {
    expect(formatWeight(999.5, 'zh_CN')).toEqual({ value: '999.50', unit: 'kg' });
    expect(formatWeight(1000, 'zh_CN')).toEqual({ value: '1.00', unit: '吨' });
    expect(formatWeight(2500, 'en_US')).toEqual({ value: '2.50', unit: 'T' });
  });
  it('shortens with k, M, G, T, P, E', () => {
    expect(shortenNumber(999)).toBe('999');
    expect(shortenNumber(1000)).toBe('1k');
    expect(shortenNumber(1234)).toBe('1.2k');
    expect(shortenNumber(999_960)).toBe('1M');
    expect(shortenNumber(5.6e9)).toBe('5.6G');
    expect(shortenNumber(7e12)).toBe('7T');
    expect(shortenNumber(8e15)).toBe('8P');
    expect(shortenNumber(9e18)).toBe('9E');
    expect(shortenNumber(3e21)).toBe('3000E');
    expect(shortenNumber(-2500)).toBe('-2.5k');
  });
  it('lists names as each language does', () => {
    const names = ['Nanshan', 'Bao’an', 'Futian'];
    expect(formatList(names, 'en_US')).toBe('Nanshan, Bao’an, and Futian');
    expect(formatList(names, 'es_ES')).toBe('Nanshan, Bao’an y Futian');
    expect(formatList(['南山', '宝安', '福田'], 'zh_CN')).toBe('南山、宝安和福田');
    expect(formatList(['南山', '宝安', '福田'], 'ja_JP')).toBe('南山、宝安、福田');
    expect(formatList(['南山'], 'zh_CN')).toBe('南山');
    expect(formatList([], 'en_US')).toBe('');
  });
  it('says how long ago in minutes, hours, days', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    expect(relativeTime(now - 30_000, now)).toEqual({ unit: 'justNow', count: 0 });
    expect(relativeTime(now - 59 * 60_000, now)).toEqual({ unit: 'minutes', count: 59 });
    expect(relativeTime(now - 60 * 60_000, now)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTime(now - 23.9 * 3_600_000, now)).toEqual({ unit: 'hours', count: 23 });
    expect(relativeTime(now - 49 * 3_600_000, now)).toEqual({ unit: 'days', count: 2 });
    expect(relativeTime(now + 5000, now)).toEqual({ unit: 'justNow', count: 0 });
  });
});
