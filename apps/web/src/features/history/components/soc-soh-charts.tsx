import type { CurveSeries, LiveValues } from '@ess/contract';
import { Card, Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { useStationTime } from '@/lib/station/station-time';
import { palette } from '@/lib/theme/palette';
import type { TimeRange } from '../hooks/history-range';
import { seriesColor } from '../hooks/indicators';
import type { BatteryUnit } from './battery-unit-table';
import styles from './history.module.css';

/** SOC of every cluster or cabinet over the range, and each one's SOH now (from the socket). */
export function SocSohCharts({
  units,
  series,
  live,
  range,
  loading,
  height,
}: {
  units: readonly BatteryUnit[];
  series: readonly CurveSeries[] | undefined;
  live: Record<number, LiveValues>;
  range: TimeRange;
  loading: boolean;
  height: number;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const clock = useStationTime();
  const names = useMemo(() => new Map(units.map((u) => [u.id, u.name])), [units]);
  const soc = useMemo(
    () => ({
      animation: false,
      // On the station's clock: times as its wall clock, read in UTC.
      useUTC: true,
      grid: { left: 48, right: 24, top: 48, bottom: 56 },
      legend: { type: 'scroll', top: 4 },
      tooltip: {
        trigger: 'axis',
        confine: true,
        valueFormatter: (v: unknown) => fmt.value(Number(v), '%', 1),
        axisPointer: { label: { formatter: (p: { value: unknown }) => clock.axisDateTime(Number(p.value)) } },
      },
      xAxis: { type: 'time', min: clock.toAxis(range.from), max: clock.toAxis(range.to) },
      yAxis: { type: 'value', name: '%', min: 0, max: 100 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      series: (series ?? [])
        .filter((s) => s.code === 'soc')
        .map((s, i) => ({
          name: names.get(s.deviceId) ?? String(s.deviceId),
          type: 'line',
          data: s.data.map(([ts, v]) => [clock.toAxis(ts), v]),
          showSymbol: false,
          symbol: 'none',
          sampling: 'lttb',
          color: seriesColor(i),
        })),
    }),
    [series, names, range, fmt, clock],
  );
  const sohRows = useMemo(
    () => units.map((u) => ({ name: u.name, value: live[u.id]?.soh?.value ?? null })),
    [units, live],
  );
  const soh = useMemo(
    () => ({
      animation: false,
      grid: { left: 48, right: 24, top: 24, bottom: 48 },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => fmt.value(Number(v), '%', 1) },
      xAxis: { type: 'category', data: sohRows.map((r) => r.name), axisLabel: { rotate: sohRows.length > 8 ? 40 : 0 } },
      yAxis: { type: 'value', name: '%', scale: true, max: 100 },
      series: [
        {
          type: 'bar',
          name: t('history.battery.soh'),
          data: sohRows.map((r) => r.value),
          barMaxWidth: 28,
          color: palette.battery.soh,
          label: {
            show: sohRows.length <= 12,
            position: 'top',
            formatter: (p: { value: unknown }) => fmt.number(Number(p.value), 1),
          },
        },
      ],
    }),
    [sohRows, fmt, t],
  );
  const hasSoc = (series ?? []).some((s) => s.code === 'soc' && s.data.length > 0);
  const hasSoh = sohRows.some((r) => r.value !== null);
  return (
    <div className={styles.grid2}>
      <Card size="small" title={t('history.battery.socTitle')}>
        <Spin spinning={loading}>
          {hasSoc || loading ? (
            <EChart option={soc} height={height} notMerge />
          ) : (
            <Empty style={{ height }} description={t('history.noData')} />
          )}
        </Spin>
      </Card>
      <Card size="small" title={t('history.battery.sohTitle')}>
        {hasSoh ? (
          <EChart option={soh} height={height} renderer="svg" />
        ) : (
          <Empty style={{ height }} description={t('history.battery.waitingLive')} />
        )}
      </Card>
    </div>
  );
}
