import { ReloadOutlined } from '@ant-design/icons';
import type { CurveItem, LiveValues } from '@ess/contract';
import { Alert, Button, Card, Empty, Spin, Switch, Tooltip } from 'antd';
import { memo, startTransition, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/hooks/use-now';
import { useCurveData } from '@/lib/station/curve-data';
import { useDeviceTree } from '@/lib/station/device-tree';
import { useQueryPoint } from '@/lib/station/query-point';
import { useStationTime } from '@/lib/station/station-time';
import { useVirtualList } from '@/lib/station/virtual-list';
import { dataWindow, detailWindow, presetRange, type RangePreset, type TimeRange } from '../hooks/history-range';
import { indicatorKey, seriesColor } from '../hooks/indicators';
import { mergeDetail } from '../hooks/merge-detail';
import { useViewportHeight } from '../hooks/use-viewport-height';
import { CurveSetBar } from './curve-set-bar';
import { ExportButton } from './export-button';
import styles from './history.module.css';
import { HistoryChart } from './history-chart';
import { IndicatorPicker } from './indicator-picker';
import { type IndicatorRow, IndicatorTable } from './indicator-table';
import { RangeBar } from './range-bar';
import { ResolutionTag } from './resolution-tag';

// The picker's tree and the 50-row table render only when their own props change, not each time
// a fetch starts or ends (the spinner) while the user zooms.
const Picker = memo(IndicatorPicker);
const Table = memo(IndicatorTable);

/** Bands are drawn by default up to this many series (a line and its band polygon each). */
const AUTO_BAND_MAX = 10;

type Props = {
  stationId: number;
  items: CurveItem[];
  setItems: (items: CurveItem[]) => void;
  preset: RangePreset;
  setPreset: (p: RangePreset) => void;
  custom: TimeRange | null;
  setCustom: (r: TimeRange | null) => void;
  live: Record<number, LiveValues>;
};

/**
 * History curves: indicators picked from the device tree, a range, the chart (zooming into less
 * than half of the range reads that window again at a finer resolution), saved sets, export and
 * the indicators' live and range statistics.
 */
export function HistoryCurves({ stationId, items, setItems, preset, setPreset, custom, setCustom, live }: Props) {
  const { t } = useTranslation();
  const now = useNow(60_000, preset !== 'custom');
  const clock = useStationTime();
  const range = useMemo<TimeRange | null>(() => {
    if (preset !== 'custom') return presetRange(preset, now, clock);
    return custom && custom.to > custom.from ? custom : null;
  }, [preset, now, custom, clock]);
  const [visible, setVisible] = useState<TimeRange | null>(null);
  const [bandPref, setBandPref] = useState<boolean | null>(null);
  const viewport = useViewportHeight();
  const chartHeight = Math.max(340, Math.min(760, viewport - 430));

  const overview = useCurveData(stationId, items, range);
  // A preset opens on the data there is (a station online for a day is not shown as a mostly empty week).
  const firstSample = useMemo(() => {
    if (overview.isPlaceholderData || !overview.data) return null;
    let first: number | null = null;
    for (const s of overview.data.series) {
      const ts = s.data[0]?.[0];
      if (ts !== undefined && (first === null || ts < first)) first = ts;
    }
    return first;
  }, [overview.data, overview.isPlaceholderData]);
  const openOn = useMemo(
    () => (range && preset !== 'custom' ? dataWindow(range, firstSample) : null),
    [range, preset, firstSample],
  );
  // The window as a stable object: a new one on every render would merge the detail, rebuild the
  // rows and hand the chart all 50 series again whenever anything else on the page changes.
  const wanted = range ? detailWindow(range, visible) : null;
  const winFrom = wanted?.from ?? null;
  const winTo = wanted?.to ?? null;
  const win = useMemo<TimeRange | null>(
    () => (winFrom === null || winTo === null ? null : { from: winFrom, to: winTo }),
    [winFrom, winTo],
  );
  const detail = useCurveData(stationId, items, win);
  const detailFits = Boolean(win && detail.data && detail.data.from === win.from && detail.data.to === win.to);
  // While the next window loads, the last detail (if within the range) stays merged over its own
  // window, so the chart changes once (when the new detail arrives), not back to the overview first.
  const last = detail.data;
  const shownDetail = win && range && last && last.from >= range.from && last.to <= range.to ? last : undefined;
  const series = useMemo(
    () =>
      mergeDetail(
        overview.data?.series ?? [],
        shownDetail?.series,
        shownDetail ? { from: shownDetail.from, to: shownDetail.to } : null,
      ),
    [overview.data, shownDetail],
  );

  // Names and precisions: from the device tree and the station's point catalogue (cached by the picker).
  const tree = useDeviceTree(stationId);
  const virtual = useVirtualList(stationId);
  const catalogue = useQueryPoint(stationId, null, 0);
  const rows = useMemo<IndicatorRow[]>(() => {
    const names = new Map<number, string>((virtual.data ?? []).map((v) => [v.id, v.name]));
    const walk = (ns: NonNullable<typeof tree.data>) => {
      for (const n of ns) {
        names.set(n.id, n.name);
        walk(n.children);
      }
    };
    walk(tree.data ?? []);
    const precision = new Map<string, number>();
    for (const d of catalogue.data ?? [])
      for (const c of d.deviceTypeColList) precision.set(`${d.srcId}:${c.col}`, c.precision);
    const order = new Map(items.map((i, n) => [indicatorKey(i), n]));
    return series.flatMap((s) => {
      const key = indicatorKey(s);
      const n = order.get(key);
      if (n === undefined) return [];
      const deviceName = names.get(s.deviceId) ?? String(s.deviceId);
      return [
        {
          key,
          deviceId: s.deviceId,
          code: s.code,
          deviceName,
          pointName: s.name,
          name: `${deviceName} · ${s.name}`,
          unit: s.unit,
          precision: precision.get(key) ?? 2,
          color: seriesColor(n),
          data: s.data,
          ...(s.band ? { band: s.band } : {}),
        },
      ];
    });
  }, [series, items, tree.data, virtual.data, catalogue.data]);

  // The table follows at low priority: React renders its 50 rows in slices between frames, after
  // the chart has its new data (a new zoom window) or live values arrive.
  const tableRows = useDeferredValue(rows);
  const tableLive = useDeferredValue(live);
  const remove = useCallback(
    (deviceId: number, code: string) => setItems(items.filter((i) => i.deviceId !== deviceId || i.code !== code)),
    [items, setItems],
  );

  const showBand = bandPref ?? rows.length <= AUTO_BAND_MAX;
  const empty = rows.length > 0 && rows.every((r) => r.data.length === 0);
  const first = detailFits ? detail.data?.series[0] : overview.data?.series[0];

  return (
    <div className={styles.workspace}>
      <Card size="small">
        <Picker stationId={stationId} items={items} onChange={setItems} height={Math.max(320, chartHeight + 200)} />
      </Card>
      <div className={styles.main}>
        <Card size="small">
          <div className={styles.toolbar}>
            <div className={styles.toolbarGroup}>
              <RangeBar
                preset={preset}
                custom={custom}
                onPreset={(p) => {
                  setPreset(p);
                  setVisible(null);
                }}
                onCustom={(r) => {
                  setCustom(r);
                  setVisible(null);
                }}
              />
            </div>
            <div className={styles.toolbarGroup}>
              <ResolutionTag series={first} zoomed={detailFits} />
              <Tooltip title={t('history.showBandHint')}>
                <span>
                  <Switch size="small" checked={showBand} onChange={setBandPref} aria-label={t('history.showBand')} />{' '}
                  {t('history.showBand')}
                </span>
              </Tooltip>
              <Tooltip title={t('history.refresh')}>
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={t('history.refresh')}
                  disabled={items.length === 0}
                  loading={overview.isFetching || detail.isFetching}
                  onClick={() => {
                    void overview.refetch();
                    if (win) void detail.refetch();
                  }}
                />
              </Tooltip>
            </div>
          </div>
          <div className={styles.toolbar} style={{ marginTop: 8 }}>
            <CurveSetBar stationId={stationId} items={items} onApply={(next) => setItems(next)} />
            <ExportButton stationId={stationId} items={items} range={range} />
          </div>
        </Card>
        <Card size="small">
          {items.length === 0 ? (
            <Empty
              style={{ height: chartHeight, paddingTop: chartHeight / 3 }}
              description={t('history.chooseIndicators')}
            />
          ) : !range ? (
            <Empty
              style={{ height: chartHeight, paddingTop: chartHeight / 3 }}
              description={t('history.range.choose')}
            />
          ) : overview.isError && !overview.data ? (
            <Alert
              type="error"
              showIcon
              title={t('history.loadFailed')}
              action={<Button onClick={() => void overview.refetch()}>{t('common.retry')}</Button>}
            />
          ) : overview.isPending ? (
            <Spin>
              <div style={{ height: chartHeight }} />
            </Spin>
          ) : (
            <div className={styles.chartFrame} data-testid="history-chart">
              <HistoryChart
                lines={rows}
                range={range}
                resetKey={preset === 'custom' ? `custom:${range.from}-${range.to}` : preset}
                showBand={showBand}
                height={chartHeight}
                // A settled zoom re-renders the page at low priority (in slices), so the next gesture stays smooth.
                onZoom={(v) => startTransition(() => setVisible(v))}
                openOn={openOn}
              />
              {empty ? (
                <div className={styles.chartOverlay}>
                  <Empty description={t('history.noData')} />
                </div>
              ) : null}
              {overview.isFetching || detail.isFetching ? (
                <div className={styles.chartOverlay}>
                  <Spin />
                </div>
              ) : null}
            </div>
          )}
        </Card>
        {tableRows.length ? <Table rows={tableRows} live={tableLive} onRemove={remove} /> : null}
      </div>
    </div>
  );
}
