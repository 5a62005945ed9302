import type { StationNode, WeatherInfo } from '@ess/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useWeather } from '@/lib/session/api/get-weather';
import { WeatherBlock } from './weather-block';

vi.mock('@/lib/session/api/get-weather', () => ({ useWeather: vi.fn() }));
const mockedWeather = vi.mocked(useWeather);
// antd's tooltip measures itself; jsdom has no ResizeObserver.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

const station = {
  kind: 'station',
  id: 7,
  code: 'JS-SZ01',
  name: 'Suzhou',
  address: null,
  provinceCode: '32',
  province: 'Jiangsu',
  city: '苏州市',
  ratedPowerKw: 2500,
  capacityKwh: 5000,
  gridConnectionTime: null,
  type: 'operating',
  longitude: 120.72,
  latitude: 31.32,
  timezone: 'Asia/Shanghai',
  contact: null,
  phone: null,
  orgId: 1,
  showWeather: true,
  forceChinese: false,
} satisfies StationNode;

const weather: WeatherInfo = {
  skyCon: 'PARTLY_CLOUDY_DAY',
  minTemperature: 26,
  maxTemperature: 34,
  cityzh: '苏州市',
  speedAndDirection: 'SE wind, force 3',
  windDirectionDeg: 135,
  windSpeedMs: 5.4,
  windForce: 3,
  clearness: 0.6,
  date: '2025-07-15',
  source: 'open-meteo',
  fallbackFrom: null,
};

const answer = (data: WeatherInfo | null) => {
  mockedWeather.mockReturnValue({ data } as UseQueryResult<WeatherInfo | null>);
};

async function tooltipOf(): Promise<string> {
  fireEvent.mouseEnter(screen.getByTestId('weather'));
  return (await screen.findByRole('tooltip')).textContent ?? '';
}

describe('navbar weather block', () => {
  it('names the weather service the figures come from', async () => {
    answer(weather);
    render(<WeatherBlock station={station} />);
    expect(screen.getByTestId('weather').textContent).toContain('Partly cloudy');
    expect(mockedWeather).toHaveBeenLastCalledWith(7, 'en_US');
    const tip = await tooltipOf();
    expect(tip).toContain('Source: Open-Meteo forecast (2025-07-15)');
    expect(tip).not.toContain('unavailable');
  });

  it('says when the built-in model stands in for a failed service', async () => {
    answer({ ...weather, source: 'offline-solar-model', fallbackFrom: 'open-meteo' });
    render(<WeatherBlock station={station} />);
    const tip = await tooltipOf();
    expect(tip).toContain('Source: Built-in climate model (2025-07-15)');
    expect(tip).toContain('Open-Meteo forecast is unavailable; these are estimates of the built-in climate model');
  });

  it('shows nothing for a station without weather', () => {
    answer(null);
    render(<WeatherBlock station={{ ...station, showWeather: false }} />);
    expect(screen.queryByTestId('weather')).toBeNull();
    expect(mockedWeather).toHaveBeenLastCalledWith(null, 'en_US');
  });
});
