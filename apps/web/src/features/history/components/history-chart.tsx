import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { useStationTime } from '@/lib/station/station-time';
import type { TimeRange } from '../hooks/history-range';
import { type ChartLine, historyOption, zoomFromEvent } from './history-chart-option';

type Props = {
  lines: readonly ChartLine[];
  range: TimeRange;
  showBand: boolean;
  height: number;
  /** Changes when the user picks another range (the zoom is then reset); default: the range itself. */
  resetKey?: string;
  /** The visible window after a zoom settles (null: the whole range). */
  onZoom?: (visible: TimeRange | null) => void;
  /** Where a range opens before the user zooms (the part with data); null: the whole range. */
  openOn?: TimeRange | null;
  renderer?: 'canvas' | 'svg';
};

/**
 * The history chart, on the station's clock. Zoom and legend choices live in refs, not state:
 * ECharts zooms by itself, and React only hears of it once the gesture settles (no re-render
 * per frame).
 */
export function HistoryChart({
  lines,
  range,
  showBand,
  height,
  onZoom,
  openOn = null,
  renderer = 'canvas',
  resetKey: reset,
}: Props) {
  const resetKey = reset ?? `${range.from}-${range.to}`;
  const { t } = useTranslation();
  const fmt = useFormat();
  const clock = useStationTime();
  const zoom = useRef<TimeRange | null>(null);
  const selected = useRef<Record<string, boolean>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const zooming = useRef(false);
  const onZoomRef = useRef(onZoom);
  onZoomRef.current = onZoom;

  // A range the user chose anew starts unzoomed (or on its data); a rolling range moving on by a minute does not.
  const lastReset = useRef(resetKey);
  const restored = useRef(false);
  if (lastReset.current !== resetKey) {
    lastReset.current = resetKey;
    zoom.current = null;
    restored.current = false;
  }
  // Until the user zooms or restores, the chart opens on `openOn`; the page hears of it once, to read it finer.
  const opening = zoom.current === null && !restored.current ? openOn : null;
  const announced = useRef<string | null>(null);
  const openKey = opening ? `${resetKey}|${opening.from}` : null;
  useEffect(() => {
    if (!openKey || !opening || announced.current === openKey) return;
    announced.current = openKey;
    onZoomRef.current?.(opening);
  }, [openKey, opening]);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  // Formatting a value is not free (an Intl formatter per call); the tooltip asks for the same ones repeatedly.
  const value = useMemo(() => {
    const memo = new Map<string, string>();
    return (v: number, unit: string | null, precision: number) => {
      const key = `${v}|${unit}|${precision}`;
      let text = memo.get(key);
      if (text === undefined) {
        if (memo.size > 5000) memo.clear();
        text = fmt.value(v, unit, precision);
        memo.set(key, text);
      }
      return text;
    };
  }, [fmt]);

  // New data for the same series merges into the chart (cheap); other series or axes replace it.
  const shape = `${resetKey}|${showBand}|${lines.map((l) => `${l.key}:${l.unit}`).join(',')}`;
  const lastShape = useRef<string | null>(null);
  const replace = lastShape.current !== shape;
  useEffect(() => {
    lastShape.current = shape;
  }, [shape]);

  const option = useMemo(
    () =>
      historyOption({
        lines,
        range,
        showBand,
        zoom: zoom.current ?? opening,
        selected: selected.current,
        value,
        axisLabel: (v) => (Math.abs(v) >= 10_000 ? fmt.short(v) : String(Math.round(v * 1000) / 1000)),
        axis: clock.toAxis,
        time: clock.axisDateTime,
        noUnit: t('history.noUnit'),
        bandText: t('history.band'),
        quiet: () => zooming.current,
      }),
    [lines, range, showBand, value, fmt, t, clock, opening],
  );

  const events = useMemo(
    () => ({
      datazoom: (e: unknown) => {
        // No tooltip while zooming (see historyOption's `quiet`): rebuilding 50 rows on every frame costs more than the lines.
        zooming.current = true;
        const next = zoomFromEvent(e, range, clock);
        if (next !== undefined) zoom.current = next;
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          zooming.current = false;
          onZoomRef.current?.(zoom.current);
        }, 350);
      },
      restore: () => {
        zoom.current = null;
        restored.current = true;
        onZoomRef.current?.(null);
      },
      legendselectchanged: (e: unknown) => {
        const sel = (e as { selected?: Record<string, boolean> }).selected;
        if (sel) selected.current = sel;
      },
    }),
    [range, clock],
  );

  return <EChart option={option} height={height} renderer={renderer} notMerge={replace} onEvents={events} />;
}
