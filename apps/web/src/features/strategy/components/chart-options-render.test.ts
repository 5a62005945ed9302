import * as echarts from 'echarts';
import type { EChartsCoreOption } from 'echarts/core';
import { describe, expect, it } from 'vitest';
import { PERIODS, scheduleOf } from '../test-data';
import { backtestChartOption } from './backtest-chart-option';
import { compareChartOption } from './compare-chart-option';
import { forecastChartOption } from './forecast-chart-option';
import { planChartOption } from './plan-chart-option';

const NAMES = { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley', deepValley: 'Deep valley' };

/** The option drawn by ECharts itself (server-side SVG): a wrong markArea or markLine shape throws here. */
function svgOf(option: EChartsCoreOption): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 800, height: 400 });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

describe('strategy chart options', () => {
  const plan = scheduleOf(100, 250, 1);
  it('draw in ECharts, the demand limit in view above a plan that keeps below it', () => {
    const option = planChartOption(
      {
        periods: PERIODS,
        powerKw: plan.powerKw,
        gridKw: plan.gridKw,
        loadKw: PERIODS.map(() => 300),
        pvKw: PERIODS.map(() => 0),
        soc: plan.soc,
        demandLimitKw: 600,
      },
      {
        period: NAMES,
        storage: 'Storage',
        load: 'Load',
        pv: 'PV',
        grid: 'Grid',
        demandLimit: 'Demand limit',
        soc: 'SOC',
        powerAxis: 'kW',
        socAxis: '%',
      },
      (v) => `${v} kW`,
    );
    const svg = svgOf(option);
    expect(svg).toContain('Demand limit 600 kW');
    expect(svg).toContain('Valley');
    const text = { period: NAMES, optimal: 'Optimal', rule: 'Rule', axis: 'kW' };
    expect(svgOf(compareChartOption('power', plan.powerKw, plan.powerKw, PERIODS, text, String))).toContain('Optimal');
    expect(svgOf(compareChartOption('soc', plan.soc, plan.soc, PERIODS, text, String))).toContain('Rule');
    expect(
      svgOf(
        forecastChartOption([1, null, 3], [2, 2, null], { forecast: 'Forecast', actual: 'Actual', axis: 'kW' }, String),
      ),
    ).toContain('Actual');
    expect(
      svgOf(
        backtestChartOption(
          {
            stationId: 1,
            floorKw: 1,
            mape: 12, // the mean over the counted steps of both days
            days: [
              { date: '2026-01-01', mape: 10, steps: 96 },
              { date: '2026-01-02', mape: 14, steps: 96 },
            ],
          },
          { dayMape: 'MAPE (%)', overall: 'MAPE' },
        ),
      ),
    ).toContain('MAPE 12.0 %');
  });
});
