import type { EChartsCoreOption, EChartsType } from 'echarts/core';

export type ChartProps = {
  option: EChartsCoreOption;
  height?: number | string;
  /** SVG for small charts and tests (jsdom has no canvas); canvas for dense series. */
  renderer?: 'canvas' | 'svg';
  /** echarts events by name (`datazoom`, `click`, …). */
  onEvents?: Record<string, (params: unknown) => void>;
  onReady?: (chart: EChartsType) => void;
  /** Replace instead of merging the previous option (series removed). */
  notMerge?: boolean;
};
