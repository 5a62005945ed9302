import { type StationNode, shellApi, type WeatherInfo } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { WeatherBlock } from './weather-block';

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

/** The stations the weather call was asked for, and the `lang` header of each call. */
let asked: number[];
let langs: (string | null)[];

/** The server's weather answer for the test. */
function serve(data: WeatherInfo | null) {
  apiServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === `/api${shellApi.stationWeather.path}`)
      langs.push(request.headers.get('lang'));
  });
  apiServer.use(
    answer(shellApi.stationWeather, ({ stationId }) => {
      asked.push(stationId);
      return data;
    }),
  );
}

function renderBlock(node: StationNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <WeatherBlock station={node} />
    </QueryClientProvider>,
  );
}

async function tooltipOf(): Promise<string> {
  fireEvent.mouseEnter(screen.getByTestId('weather'));
  return (await screen.findByRole('tooltip')).textContent ?? '';
}

describe('navbar weather block', () => {
  beforeEach(() => {
    asked = [];
    langs = [];
  });

  it('names the weather service the figures come from', async () => {
    serve(weather);
    renderBlock(station);
    expect((await screen.findByTestId('weather')).textContent).toContain('Partly cloudy');
    expect(asked).toEqual([7]);
    expect(langs).toEqual(['en_US']);
    const tip = await tooltipOf();
    expect(tip).toContain('Source: Open-Meteo forecast (2025-07-15)');
    expect(tip).not.toContain('unavailable');
  });

  it('says when the built-in model stands in for a failed service', async () => {
    serve({ ...weather, source: 'offline-solar-model', fallbackFrom: 'open-meteo' });
    renderBlock(station);
    await screen.findByTestId('weather');
    const tip = await tooltipOf();
    expect(tip).toContain('Source: Built-in climate model (2025-07-15)');
    expect(tip).toContain('Open-Meteo forecast is unavailable; these are estimates of the built-in climate model');
  });

  it('shows nothing for a station without weather, and does not ask for it', async () => {
    serve(null);
    renderBlock({ ...station, showWeather: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('weather')).toBeNull();
    expect(asked).toEqual([]);
  });
});
