import { addDays, type LoadBacktest, type LoadForecast, localDateOf, strategyApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { ElectricityCurvePage } from './electricity-curve-page';

vi.mock('@/lib/charts/echart', () => ({ EChart: () => <div data-testid="echart" /> }));

const SLOW = { timeout: 5000 };
const TOMORROW = addDays(localDateOf(Date.now(), 'Asia/Shanghai'), 1);

const forecastOf = (date: string, over: Partial<LoadForecast> = {}): LoadForecast => ({
  stationId: 5,
  date,
  timezone: 'Asia/Shanghai',
  stepsKw: Array.from({ length: 96 }, (_, i) => 200 + i),
  actualKw: null,
  basis: [addDays(date, -7), addDays(date, -14), addDays(date, -1)],
  temperatureCoefKw: 3.25,
  temperatureC: 18.4,
  ...over,
});

/** Day MAPEs of 10, 20 and none (no steps counted); overall over the counted steps. */
const backtestOf = (days: number): LoadBacktest => ({
  stationId: 5,
  floorKw: 2.5,
  days: Array.from({ length: days }, (_, i) => ({
    date: addDays(TOMORROW, -days + i - 1),
    mape: i % 3 === 2 ? null : (i % 3) * 10 + 10,
    steps: i % 3 === 2 ? 0 : 96,
  })),
  mape: 14.87,
});

describe('load forecast page', () => {
  let forecastAsked: (string | undefined)[];
  let backtestAsked: number[];
  beforeEach(() => {
    forecastAsked = [];
    backtestAsked = [];
    apiServer.use(
      ...sessionHandlers([]),
      answer(strategyApi.forecast, (b) => {
        forecastAsked.push(b.date);
        return forecastOf(b.date ?? TOMORROW);
      }),
      answer(strategyApi.backtest, (b) => {
        backtestAsked.push(b.days);
        return backtestOf(b.days);
      }),
    );
  });

  it("forecasts tomorrow on the station's clock, names its basis, and shows the backtest's MAPE", async () => {
    renderWithClient(<ElectricityCurvePage />);
    const basis = await screen.findByTestId('forecast-basis', {}, SLOW);
    expect(forecastAsked).toEqual([TOMORROW]);
    expect(basis.textContent).toContain('3 past days');
    expect(basis.textContent).toContain('18.4 °C');
    expect(basis.textContent).toContain('3.25 kW/°C');
    expect(screen.getByText('No measurements for this date yet')).toBeTruthy();

    const card = await screen.findByTestId('strategy-backtest', {}, SLOW);
    await waitFor(() => expect(within(card).getByTestId('backtest-mape').textContent).toContain('14.9 %'), SLOW);
    expect(backtestAsked).toEqual([30]);
    expect(within(card).getByText('Steps with actual load below 2.5 kW are left out')).toBeTruthy();

    fireEvent.change(within(card).getByLabelText('Days'), { target: { value: '7' } });
    await waitFor(() => expect(backtestAsked).toContain(7), SLOW);
  }, 60_000);

  it('says so when the station has no load history', async () => {
    apiServer.use(
      answer(strategyApi.forecast, (b) => forecastOf(b.date ?? TOMORROW, { stepsKw: Array(96).fill(null), basis: [] })),
    );
    renderWithClient(<ElectricityCurvePage />);
    expect(await screen.findByText('This station has no load history: no forecast', {}, SLOW)).toBeTruthy();
  }, 60_000);
});
