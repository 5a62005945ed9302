import type { CurveSeries } from '@ess/contract';
import { Card, Empty, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { useStationTime } from '@/lib/station/station-time';
import { dataWindow, type TimeRange } from '../hooks/history-range';
import { spreadOption } from './spread-chart-option';

type Props = {
  title: string;
  series: readonly CurveSeries[] | undefined;
  codes: { max: string; min: string; maxNo: string; minNo: string };
  range: TimeRange;
  unit: string;
  deltaUnit: string;
  factor: number;
  precision: number;
  loading: boolean;
  height: number;
};

/** Highest and lowest cell over time with their difference; which cell, when the data are raw samples. */
export function SpreadChart({
  title,
  series,
  codes,
  range,
  unit,
  deltaUnit,
  factor,
  precision,
  loading,
  height,
}: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const clock = useStationTime();
  const by = (code: string) => series?.find((s) => s.code === code);
  const max = by(codes.max);
  const exact = max?.resolution === 'raw' && max.bucketMs === null;
  const option = useMemo(
    () =>
      spreadOption({
        max,
        min: series?.find((s) => s.code === codes.min),
        maxNo: series?.find((s) => s.code === codes.maxNo),
        minNo: series?.find((s) => s.code === codes.minNo),
        range,
        // A week's range for a rack reporting for a day opens on that day, like the history curves.
        open: dataWindow(range, max?.data[0]?.[0] ?? null),
        factor,
        unit,
        deltaUnit,
        precision,
        labels: {
          max: t('history.battery.highest'),
          min: t('history.battery.lowest'),
          delta: t('history.battery.delta'),
          cell: (no) => t('history.battery.cell', { no }),
        },
        axis: clock.toAxis,
        time: clock.axisDateTime,
        value: (v, u, p) => fmt.value(v, u, p),
      }),
    [max, series, codes, range, factor, unit, deltaUnit, precision, t, fmt, clock],
  );
  const empty = !max || max.data.length === 0;
  return (
    <Card
      size="small"
      title={title}
      extra={exact ? null : <Typography.Text type="secondary">{t('history.battery.cellRawOnly')}</Typography.Text>}
    >
      <Spin spinning={loading}>
        {empty && !loading ? (
          <Empty style={{ height }} description={t('history.noData')} />
        ) : (
          <EChart option={option} height={height} notMerge />
        )}
      </Spin>
    </Card>
  );
}
