import {
  assessSeries,
  type CurveSeries,
  DEFAULT_METER_CONNECTION,
  FREQUENCY_LIMITS,
  hasTransformers,
  type Limits,
  type MeterSide,
} from '@ess/contract';
import { Button, Card, Empty, Result, Segmented, Skeleton, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '@/components/live-status/live-status';
import { useFormat } from '@/lib/format/use-format';
import { useNow } from '@/lib/hooks/use-now';
import { useStationLive } from '@/lib/live/use-station-live';
import { useCurrentStation } from '@/lib/station/current-station';
import { useMeterConfig } from '@/lib/station/meter-config';
import { usePointCurve } from '@/lib/station/point-curve';
import { useStationTime } from '@/lib/station/station-time';
import { palette } from '@/lib/theme/palette';
import { type ExcursionRow, ExcursionTable } from '../components/excursion-table';
import { LimitChart } from '../components/limit-chart';
import { MeterPicker } from '../components/meter-picker';
import { type PhaseCard, PhaseCards } from '../components/phase-cards';
import { RangeChoicePicker } from '../components/range-choice';
import { useSpanText } from '../hooks/use-span-text';
import { scaleSeries, voltageScale } from '../meter-side';
import { type RangeChoice, rangeBounds } from '../time-range';
import styles from './power-quality-page.module.css';

/** Phases in the Chinese colour convention (A yellow, B green, C red). */
const PHASES = [
  { code: 'ua', color: palette.phase.ua },
  { code: 'ub', color: palette.phase.ub },
  { code: 'uc', color: palette.phase.uc },
] as const;
const FREQ = { code: 'freq', color: palette.phase.freq } as const;
const CODES = [...PHASES.map((p) => p.code), FREQ.code];
type PqCode = (typeof CODES)[number];

/**
 * Power quality (voltage): the phase voltages and frequency of a meter — the gateway meter by
 * default — over time against the limits of GB/T 12325 (±7 % of the meter's own nominal, from
 * its connection) and GB/T 15945 (±0.2 Hz), with the share of time within limits, extremes and
 * excursions; live values from the station's socket. A meter behind transformers shows primary
 * values (kV of the feeder) by default, its secondary inputs on request.
 */
export function PowerQualityPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const span = useSpanText();
  const { stationId } = useCurrentStation();
  const meters = useMeterConfig(stationId);
  // The choice belongs to the station it was made for; another station starts at its gateway meter.
  const [picked, setPicked] = useState<{ stationId: number | null; deviceId: number } | null>(null);
  const [range, setRange] = useState<RangeChoice>({ kind: 'today' });
  const [side, setSide] = useState<MeterSide>('primary');
  const now = useNow(60_000);
  const clock = useStationTime();

  const gateway = meters.data?.roles.find((r) => r.role === 'gateway')?.deviceId ?? null;
  const deviceId =
    picked?.stationId === stationId ? picked.deviceId : (gateway ?? meters.data?.meters[0]?.deviceId ?? null);
  const { from, to } = rangeBounds(range, now, clock);
  const curve = usePointCurve(deviceId === null ? null : { deviceId, points: CODES, from, to });
  const liveIds = useMemo(() => (deviceId === null ? [] : [deviceId]), [deviceId]);
  const live = useStationLive(stationId, { deviceIds: liveIds });

  const connection = meters.data?.meters.find((m) => m.deviceId === deviceId)?.connection ?? DEFAULT_METER_CONNECTION;
  const scale = voltageScale(connection, side);
  const byCode = useMemo(() => {
    const m = new Map<string, CurveSeries>();
    for (const s of curve.data?.series ?? [])
      m.set(s.code, s.code === FREQ.code ? s : scaleSeries(s, scale.factor, scale.unit));
    return m;
  }, [curve.data, scale.factor, scale.unit]);
  const stats = useMemo(
    () =>
      new Map(
        CODES.map((code) => {
          const s = byCode.get(code);
          return [code, s ? assessSeries(s, code === FREQ.code ? FREQUENCY_LIMITS : scale.limits) : null];
        }),
      ),
    [byCode, scale.limits],
  );

  if (stationId === null) return <Empty description={t('stationReport.noStation')} />;
  if (meters.isPending) return <Skeleton active />;
  if (meters.isError) return <Result status="warning" title={t('powerQuality.loadFailed')} />;
  if (deviceId === null) return <Empty description={t('powerQuality.noMeter')} data-testid="pq-no-meter" />;

  const nameOf = (code: PqCode) => byCode.get(code)?.name ?? t(`powerQuality.point.${code}`);
  const liveOf = (code: PqCode) => {
    const v = deviceId === null ? null : (live.devices[deviceId]?.[code]?.value ?? null);
    return v === null || code === FREQ.code ? v : v * scale.factor;
  };
  const card = (code: PqCode, color: string, unit: string, decimals: number, limits: Limits): PhaseCard => ({
    code,
    name: nameOf(code),
    color,
    unit,
    decimals,
    limits,
    live: liveOf(code),
    stats: stats.get(code) ?? null,
  });
  const cards = [
    ...PHASES.map((p) => card(p.code, p.color, scale.unit, scale.decimals, scale.limits)),
    card(FREQ.code, FREQ.color, 'Hz', 2, FREQUENCY_LIMITS),
  ];
  const excursions: ExcursionRow[] = cards.flatMap((c) =>
    (c.stats?.excursions ?? []).map((e, i) => ({
      ...e,
      key: `${c.code}-${i}`,
      phase: c.name,
      unit: c.unit,
      decimals: c.decimals,
      limits: c.limits,
    })),
  );
  const first = byCode.get('ua');
  const basis = !first
    ? null
    : first.bucketMs === null
      ? t('powerQuality.basisRaw')
      : t('powerQuality.basisAvg', { span: span(first.bucketMs) });
  const hasData = [...byCode.values()].some((s) => s.data.length > 0);
  const transformers = hasTransformers(connection);
  const lineV = connection.nominalVoltageV;
  const connectionText = t(transformers ? 'powerQuality.connectionCtPt' : 'powerQuality.connection', {
    voltage: lineV >= 1000 ? `${fmt.number(lineV / 1000, 1)} kV` : `${fmt.number(lineV, 0)} V`,
    pt: `${fmt.number(lineV, 0)}/${fmt.number(lineV / connection.ptRatio, 0)}`,
    ct: `${fmt.number(connection.ctRatio * 5, 0)}/5`,
    side: t(`powerQuality.values.${side}`),
  });
  const limitLabels = (l: Limits, unit: string, decimals: number) => ({
    upper: t('powerQuality.upper', { value: `${fmt.number(l.upper, decimals)} ${unit}` }),
    lower: t('powerQuality.lower', { value: `${fmt.number(l.lower, decimals)} ${unit}` }),
    nominal: t('powerQuality.nominal', { value: `${fmt.number(l.nominal, decimals)} ${unit}` }),
  });

  return (
    <div className={styles.page} data-testid="power-quality">
      <div className={styles.toolbar}>
        {meters.data && (
          <MeterPicker
            config={meters.data}
            value={deviceId}
            onChange={(id) => setPicked({ stationId, deviceId: id })}
          />
        )}
        <RangeChoicePicker value={range} onChange={setRange} />
        {transformers && (
          <Segmented<MeterSide>
            value={side}
            onChange={setSide}
            data-testid="pq-side"
            options={[
              { value: 'primary', label: t('powerQuality.values.primary') },
              { value: 'secondary', label: t('powerQuality.values.secondary') },
            ]}
          />
        )}
        <span className={styles.note} data-testid="pq-connection">
          {connectionText}
        </span>
        <span className={styles.note}>
          {t('powerQuality.standard', { nominal: `${fmt.number(scale.limits.nominal, scale.decimals)} ${scale.unit}` })}
          {basis && ` · ${basis}`}
        </span>
        <LiveStatus status={live.status} />
      </div>
      <PhaseCards cards={cards} />
      {curve.isError && !curve.data ? (
        <Result
          status="warning"
          title={t('powerQuality.curveFailed')}
          extra={<Button onClick={() => void curve.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Spin spinning={curve.isFetching && !curve.isPending}>
          <Card title={t('powerQuality.voltageTitle')} className={styles.card}>
            {curve.isPending ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : !hasData ? (
              <Empty description={t('powerQuality.noData')} />
            ) : (
              <LimitChart
                series={PHASES.map((p) => ({
                  name: nameOf(p.code),
                  color: p.color,
                  data: byCode.get(p.code)?.data ?? [],
                }))}
                limits={scale.limits}
                unit={scale.unit}
                decimals={scale.decimals}
                labels={limitLabels(scale.limits, scale.unit, scale.decimals)}
                height={340}
              />
            )}
          </Card>
          <div className={styles.split}>
            <Card title={t('powerQuality.frequencyTitle')} className={styles.card}>
              {curve.isPending ? (
                <Skeleton active />
              ) : !hasData ? (
                <Empty description={t('powerQuality.noData')} />
              ) : (
                <LimitChart
                  series={[{ name: nameOf(FREQ.code), color: FREQ.color, data: byCode.get(FREQ.code)?.data ?? [] }]}
                  limits={FREQUENCY_LIMITS}
                  unit="Hz"
                  decimals={2}
                  labels={limitLabels(FREQUENCY_LIMITS, 'Hz', 2)}
                  height={260}
                />
              )}
            </Card>
            <Card title={t('powerQuality.excursionsTitle', { count: excursions.length })} className={styles.card}>
              <ExcursionTable rows={excursions} />
            </Card>
          </div>
        </Spin>
      )}
    </div>
  );
}
