import { describe, expect, it } from 'vitest';
import { compassPoint, windText } from './wind-text';

describe('wind text', () => {
  it('names the direction the wind comes from, in each language', () => {
    expect(windText(45, 3, 'zh_CN')).toBe('东北风 3级');
    expect(windText(45, 3, 'en_US')).toBe('NE wind, force 3');
    expect(windText(45, 3, 'es_ES')).toBe('Viento del NE, fuerza 3');
    expect(windText(45, 3, 'ja_JP')).toBe('北東の風 3級');
    expect(windText(270, 2, 'es_ES')).toBe('Viento del O, fuerza 2');
    expect(windText(150, 4, 'zh_CN')).toBe('东南风 4级');
  });

  it('rounds to the nearest of eight points and calls force 0 calm', () => {
    expect([0, 22, 23, 359, 337, 180, 202, 248].map(compassPoint)).toEqual(['N', 'N', 'NE', 'N', 'NW', 'S', 'S', 'W']);
    expect(windText(90, 0, 'zh_CN')).toBe('静风');
    expect(windText(90, 0, 'en_US')).toBe('Calm');
  });
});
