import { ReloadOutlined } from '@ant-design/icons';
import { type CurveResolution, type DeviceType, MAX_INDICATORS, type PointInfo } from '@ess/contract';
import { Alert, Button, DatePicker, Empty, Segmented, Select, Spin, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { usePointCurve } from '@/lib/station/point-curve';
import { useStationTime } from '@/lib/station/station-time';
import { StationZone } from '../station-zone/station-zone';
import { buildCurveOption } from './curve-option';
import styles from './device-widgets.module.css';
import { usePointFormat } from './point-format';
import { DEVICE_WIDGETS } from './widget-registry';

const RANGES = { day: 1, week: 7, month: 30 } as const;
type RangeKey = keyof typeof RANGES | 'custom';
const DAY_MS = 86_400_000;

type Props = {
  deviceId: number;
  type: DeviceType;
  /** The device's points (pointList). */
  points: readonly PointInfo[];
  height?: number;
  /** SVG in jsdom tests; canvas (default) for dense series. */
  renderer?: 'canvas' | 'svg';
};

/** The points a chart opens with: the widget's, where the device has them, else its first telemetry point. */
export function defaultCurvePoints(type: DeviceType, points: readonly Pick<PointInfo, 'code' | 'kind'>[]): string[] {
  const have = new Set(points.map((p) => p.code));
  const preset = DEVICE_WIDGETS[type].chart.filter((c) => have.has(c));
  if (preset.length) return preset;
  const first = points.find((p) => p.kind === 'telemetry') ?? points[0];
  return first ? [first.code] : [];
}

/**
 * History of a device's points: choose points (≤ 50) and a range; zoom, min/max band on
 * roll-ups; times and the custom range on the station's clock.
 */
export function DeviceHistoryChart({ deviceId, type, points, height = 340, renderer }: Props) {
  const { t } = useTranslation();
  const format = usePointFormat();
  const clock = useStationTime();
  const [codes, setCodes] = useState<string[]>(() => defaultCurvePoints(type, points));
  const [range, setRange] = useState<RangeKey>('day');
  const [span, setSpan] = useState(() => lastDays(RANGES.day));
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);

  const params = codes.length ? { deviceId, points: codes, from: span.from, to: span.to } : null;
  const curve = usePointCurve(params);
  const byCode = useMemo(() => new Map(points.map((p) => [p.code, p])), [points]);

  const option = useMemo(() => {
    if (!curve.data) return null;
    const stateCodes = new Set(points.filter((p) => p.kind === 'status' || p.kind === 'control').map((p) => p.code));
    return buildCurveOption({
      series: curve.data.series,
      from: curve.data.from,
      to: curve.data.to,
      stateCodes,
      formatValue: (code, value) => format(byCode.get(code), { value, ts: 0 }),
      axis: clock.toAxis,
      formatTime: clock.axisDateTime,
      texts: { band: t('deviceWidgets.history.band'), state: t('deviceWidgets.history.state') },
    });
  }, [curve.data, points, byCode, format, t, clock]);

  const chooseRange = (key: RangeKey) => {
    setRange(key);
    if (key !== 'custom') setSpan(lastDays(RANGES[key]));
    else if (custom) setSpan({ from: clock.fromPicker(custom[0]), to: clock.fromPicker(custom[1]) });
  };
  const refresh = () => {
    if (range !== 'custom') setSpan(lastDays(RANGES[range]));
    else void curve.refetch();
  };
  const hasData = curve.data?.series.some((s) => s.data.length > 0) ?? false;
  const resolution: CurveResolution | undefined = curve.data?.series[0]?.resolution;

  const kinds = ['telemetry', 'status', 'setpoint', 'control'] as const;
  const options = kinds
    .map((kind) => ({
      label: t(`deviceWidgets.kind.${kind}`),
      options: points.filter((p) => p.kind === kind).map((p) => ({ value: p.code, label: labelOf(p) })),
    }))
    .filter((g) => g.options.length);

  return (
    <div data-testid="device-history">
      <div className={styles.historyBar}>
        <Select
          className={styles.historyPoints}
          mode="multiple"
          maxCount={MAX_INDICATORS}
          value={codes}
          onChange={setCodes}
          options={options}
          placeholder={t('deviceWidgets.history.points', { max: MAX_INDICATORS })}
          optionFilterProp="label"
          maxTagCount="responsive"
          allowClear
          aria-label={t('deviceWidgets.history.points', { max: MAX_INDICATORS })}
        />
        <Segmented<RangeKey>
          value={range}
          onChange={chooseRange}
          options={(['day', 'week', 'month', 'custom'] as const).map((k) => ({
            value: k,
            label: t(`deviceWidgets.history.range.${k}`),
          }))}
        />
        {range === 'custom' && (
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={custom}
            disabledDate={(d) => clock.dateOfPicker(d) > clock.today(Date.now())}
            onChange={(v) => {
              const [a, b] = v ?? [];
              if (!a || !b) return setCustom(null);
              setCustom([a, b]);
              setSpan({ from: clock.fromPicker(a), to: clock.fromPicker(b) });
            }}
          />
        )}
        <StationZone />
        <Tooltip title={t('deviceWidgets.history.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            onClick={refresh}
            loading={curve.isFetching}
            aria-label={t('deviceWidgets.history.refresh')}
          />
        </Tooltip>
      </div>
      {!codes.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceWidgets.history.noPoints')} />
      ) : curve.isError && !curve.data ? (
        <Alert
          type="error"
          showIcon
          title={t('deviceWidgets.history.loadFailed')}
          description={curve.error.message}
          action={
            <Button size="small" onClick={() => void curve.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Spin spinning={curve.isFetching}>
          {option && hasData ? (
            <EChart option={option} height={height} renderer={renderer} notMerge />
          ) : curve.isPending ? (
            <div style={{ height }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceWidgets.history.noData')} />
          )}
        </Spin>
      )}
      {resolution && hasData && (
        <div className={styles.historyNote}>
          {t('deviceWidgets.history.bucket', { resolution: t(`deviceWidgets.history.resolution.${resolution}`) })}
        </div>
      )}
    </div>
  );
}

const labelOf = (p: Pick<PointInfo, 'name' | 'unit'>) => (p.unit ? `${p.name} (${p.unit})` : p.name);

/** The last `days` days up to now, on whole minutes so repeated clicks reuse the cached curve. */
function lastDays(days: number): { from: number; to: number } {
  const to = Math.ceil(Date.now() / 60_000) * 60_000;
  return { from: to - days * DAY_MS, to };
}
