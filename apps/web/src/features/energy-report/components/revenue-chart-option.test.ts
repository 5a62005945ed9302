import { describe, expect, it } from 'vitest';
import { cumulative, revenueChartOption } from './revenue-chart-option';

describe('revenue chart', () => {
  it('keeps a running total across gaps, exactly to the cent', () => {
    expect(
      cumulative([
        { label: 'a', revenue: null },
        { label: 'b', revenue: 0.1 },
        { label: 'c', revenue: 0.2 },
        { label: 'd', revenue: null },
        { label: 'e', revenue: -0.05 },
      ]),
    ).toEqual([null, 0.1, 0.3, 0.3, 0.25]);
  });

  it('colours earning days green and losing days red', () => {
    const option = revenueChartOption(
      [
        { label: '2026-03-01', revenue: 120.5 },
        { label: '2026-03-02', revenue: -3 },
        { label: '2026-03-03', revenue: null },
      ],
      { revenue: 'Revenue', cumulative: 'Cumulative' },
      String,
      String,
    ) as { series: { id: string; data: unknown[] }[] };
    const bars = option.series[0]?.data as ({ value: number; itemStyle: { color: string } } | null)[];
    expect(bars[0]).toEqual({ value: 120.5, itemStyle: { color: '#35b36b' } });
    expect(bars[1]?.itemStyle.color).toBe('#e5484d');
    expect(bars[2]).toBeNull();
    expect(option.series[1]?.data).toEqual([120.5, 117.5, 117.5]);
  });
});
