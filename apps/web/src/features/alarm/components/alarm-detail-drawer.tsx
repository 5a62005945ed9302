import { Descriptions, Drawer, Empty, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildCurveOption } from '@/components/device-widgets/curve-option';
import { StationZone } from '@/components/station-zone/station-zone';
import { EChart } from '@/lib/charts/echart';
import { useStationTime } from '@/lib/station/station-time';
import { palette } from '@/lib/theme/palette';
import { useAlarmDetail } from '../api/alarm-events';
import { alarmSubject, valueText } from './alarm-columns';
import { LevelTag, StateTags } from './alarm-tags';

/** One alarm: its fields and its point's curve 30 minutes either side of the raise time. */
export function AlarmDetailDrawer({
  id,
  onClose,
  renderer,
}: {
  id: number | null;
  onClose: () => void;
  renderer?: 'canvas' | 'svg';
}) {
  const { t } = useTranslation();
  const clock = useStationTime();
  const { data, isPending } = useAlarmDetail(id);
  const event = data?.event;

  const option = useMemo(() => {
    const curve = data?.curve;
    if (!curve || !event || curve.series.data.length === 0) return null;
    const base = buildCurveOption({
      series: [curve.series],
      from: curve.from,
      to: curve.to,
      stateCodes: new Set(),
      formatValue: (_, v) => String(v),
      axis: clock.toAxis,
      formatTime: clock.axisDateTime,
      texts: { band: t('alarm.detail.curve'), state: t('alarm.col.state') },
    });
    // The raise time as a line across the curve.
    const mark = {
      id: 'raised',
      type: 'line',
      data: [],
      markLine: {
        symbol: 'none',
        silent: true,
        lineStyle: { color: palette.alarmMark, type: 'dashed' },
        label: { formatter: t('alarm.col.raisedAt'), position: 'insideEndTop' },
        data: [{ xAxis: clock.toAxis(event.raisedAt) }],
      },
    };
    const series = Array.isArray(base.series) ? base.series : [];
    return { ...base, series: [...series, mark] };
  }, [data, event, clock, t]);

  const time = (ms: number | null) => (ms === null ? '-' : clock.dateTime(ms));
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('alarm.detail.title')}
      width="min(720px, 100vw)"
      destroyOnHidden
      extra={<StationZone />}
    >
      {isPending || !event ? (
        <Spin />
      ) : (
        <div data-testid="alarm-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('alarm.col.level')}>
              <LevelTag level={event.level} />
            </Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.state')}>
              <StateTags event={event} />
            </Descriptions.Item>
            <Descriptions.Item label={t('alarm.detail.station')}>{event.stationName}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.device')}>{alarmSubject(event)}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.point')}>{event.pointName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.detail.kind')}>{t(`alarm.kind.${event.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.value')}>{valueText(event)}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.limit')}>{valueText(event, event.limit)}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.raisedAt')}>{time(event.raisedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.recoveredAt')}>{time(event.recoveredAt)}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.confirmer')}>{event.confirmer ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.confirmedAt')}>{time(event.confirmedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.content')} span={2}>
              {event.content}
            </Descriptions.Item>
            <Descriptions.Item label={t('alarm.col.remark')} span={2}>
              {event.remark || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('alarm.detail.curve')}
          </Typography.Title>
          {data?.curve === null ? (
            <Empty description={t('alarm.detail.noCurve')} />
          ) : option ? (
            <EChart option={option} height={280} renderer={renderer} notMerge />
          ) : (
            <Empty description={t('alarm.detail.noData')} />
          )}
        </div>
      )}
    </Drawer>
  );
}
