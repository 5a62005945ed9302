import { type DeviceNode, type DeviceStatus, type LiveValues, MAX_INDICATORS } from '@ess/contract';
import { Alert, Card, Empty, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/hooks/use-now';
import { useCurveData } from '@/lib/station/curve-data';
import { useDeviceTree } from '@/lib/station/device-tree';
import { useStationTime } from '@/lib/station/station-time';
import { presetRange, type RangePreset, type TimeRange } from '../hooks/history-range';
import { useViewportHeight } from '../hooks/use-viewport-height';
import { type BatteryUnit, BatteryUnitTable } from './battery-unit-table';
import styles from './history.module.css';
import { RangeBar } from './range-bar';
import { SocSohCharts } from './soc-soh-charts';
import { SpreadChart } from './spread-chart';

const SPREAD_CODES = [
  'cellVmax',
  'cellVmin',
  'cellVmaxNo',
  'cellVminNo',
  'cellTmax',
  'cellTmin',
  'cellTmaxNo',
  'cellTminNo',
];
/** SOC curves of at most this many units in one call (two points each would pass 50 indicators). */
const SOC_UNITS = MAX_INDICATORS;

/** Battery clusters (container plants) or integrated cabinets of the device tree, in tree order. */
export function batteryUnits(tree: readonly DeviceNode[]): BatteryUnit[] {
  return tree.flatMap((d) => [
    ...(d.type === 'bms' || d.type === 'cabinet' ? [{ id: d.id, name: d.name, type: d.type, status: d.status }] : []),
    ...batteryUnits(d.children),
  ]);
}

/**
 * Battery analysis: every cluster or cabinet live (SOC, SOH, extreme cells and which, spreads),
 * the selected unit's cell voltage and temperature spread over time, and SOC/SOH of all units.
 */
export function BatteryAnalysis({
  stationId,
  live,
  status,
}: {
  stationId: number;
  live: Record<number, LiveValues>;
  status: Record<number, DeviceStatus>;
}) {
  const { t } = useTranslation();
  const tree = useDeviceTree(stationId);
  const units = useMemo(() => batteryUnits(tree.data ?? []), [tree.data]);
  const [selected, setSelected] = useState<number | null>(null);
  const [preset, setPreset] = useState<RangePreset>('7d');
  const [custom, setCustom] = useState<TimeRange | null>(null);
  const now = useNow(60_000, preset !== 'custom');
  const clock = useStationTime();
  const range = useMemo(
    () => (preset === 'custom' ? (custom && custom.to > custom.from ? custom : null) : presetRange(preset, now, clock)),
    [preset, custom, now, clock],
  );
  const height = Math.max(260, Math.min(420, Math.round((useViewportHeight() - 520) / 1.2)));

  useEffect(() => {
    if (units.length && (selected === null || !units.some((u) => u.id === selected))) setSelected(units[0]?.id ?? null);
  }, [units, selected]);

  const unit = units.find((u) => u.id === selected) ?? null;
  const spreadItems = useMemo(() => (unit ? SPREAD_CODES.map((code) => ({ deviceId: unit.id, code })) : []), [unit]);
  const socItems = useMemo(() => units.slice(0, SOC_UNITS).map((u) => ({ deviceId: u.id, code: 'soc' })), [units]);
  const spread = useCurveData(stationId, spreadItems, range);
  const soc = useCurveData(stationId, socItems, range);

  if (tree.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (units.length === 0) return <Empty description={t('history.battery.noUnits')} data-testid="battery-empty" />;
  return (
    <div className={styles.main} data-testid="battery-analysis">
      <Card
        size="small"
        title={t('history.battery.liveTitle')}
        extra={<Typography.Text type="secondary">{t('history.battery.pick')}</Typography.Text>}
      >
        <BatteryUnitTable units={units} live={live} status={status} selected={selected} onSelect={setSelected} />
      </Card>
      <Card size="small">
        <div className={styles.toolbar}>
          <RangeBar preset={preset} custom={custom} onPreset={setPreset} onCustom={setCustom} />
          {unit ? <Typography.Text strong>{unit.name}</Typography.Text> : null}
        </div>
      </Card>
      {!range ? (
        <Alert type="info" showIcon title={t('history.range.choose')} />
      ) : (
        <>
          {spread.isError ? <Alert type="error" showIcon title={t('history.loadFailed')} /> : null}
          <div className={styles.grid2}>
            <SpreadChart
              title={t('history.battery.voltageSpread')}
              series={spread.data?.series}
              codes={{ max: 'cellVmax', min: 'cellVmin', maxNo: 'cellVmaxNo', minNo: 'cellVminNo' }}
              range={range}
              unit="V"
              deltaUnit="mV"
              factor={1000}
              precision={3}
              loading={spread.isFetching}
              height={height}
            />
            <SpreadChart
              title={t('history.battery.tempSpread')}
              series={spread.data?.series}
              codes={{ max: 'cellTmax', min: 'cellTmin', maxNo: 'cellTmaxNo', minNo: 'cellTminNo' }}
              range={range}
              unit="°C"
              deltaUnit="°C"
              factor={1}
              precision={1}
              loading={spread.isFetching}
              height={height}
            />
          </div>
          <SocSohCharts
            units={units}
            series={soc.data?.series}
            live={live}
            range={range}
            loading={soc.isFetching}
            height={height}
          />
        </>
      )}
    </div>
  );
}
