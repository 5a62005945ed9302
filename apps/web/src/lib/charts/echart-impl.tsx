import { BarChart, CustomChart, GaugeChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
// The ESM build: the CommonJS `lib/core` builds but fails in the browser (toolchain.md).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import type { ChartProps } from './chart-props';

// Only what the screens use: the full echarts import is ~730 kB gzip.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GaugeChart,
  ScatterChart,
  CustomChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkAreaComponent,
  TitleComponent,
  ToolboxComponent,
  VisualMapComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export type { ComposeOption };

/** The chart itself; loaded only by pages that draw charts (see echart.tsx). */
export default function EChartImpl({
  option,
  height = 300,
  renderer = 'canvas',
  onEvents,
  onReady,
  notMerge,
}: ChartProps) {
  // The operating system's "reduce motion" (app.tsx): bars and lines drawn at once, not grown.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const shown = useMemo(() => (reducedMotion ? { ...option, animation: false } : option), [option, reducedMotion]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={shown}
      notMerge={notMerge ?? false}
      lazyUpdate
      style={{ height, width: '100%' }}
      opts={{ renderer }}
      onEvents={onEvents}
      onChartReady={onReady}
    />
  );
}
