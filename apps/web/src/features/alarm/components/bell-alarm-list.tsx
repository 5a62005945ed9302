import { alarmApi } from '@ess/contract';
import { Button, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { useStationTime } from '@/lib/station/station-time';
import { useRealtimeAlarms } from '../api/alarm-events';
import { LevelTag } from './alarm-tags';

/** How many alarms the bell lists; the rest are one click away in the alarm centre. */
const SHOWN = 5;
/** The real-time page holds active and unconfirmed alarms; a page of this many has the latest unconfirmed. */
const FETCHED = 20;

type Props = {
  stationId: number;
  /** The station's unconfirmed count (the bell's badge): how many are not listed. */
  count: number;
  onConfirm: (id: number) => void;
};

/**
 * The bell's list (issue 21 finding 9): the station's latest unconfirmed alarms, newest first,
 * each with its level, text and time on the station's clock, and Confirm for who may confirm.
 */
export function BellAlarmList({ stationId, count, onConfirm }: Props) {
  const { t } = useTranslation();
  const clock = useStationTime();
  const { data, isPending } = useRealtimeAlarms(stationId, 1, FETCHED);
  if (isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const unconfirmed = (data?.rows ?? []).filter((e) => !e.confirmed);
  const shown = unconfirmed.slice(0, SHOWN);
  if (shown.length === 0) return <Typography.Text type="secondary">{t('alarmBell.none')}</Typography.Text>;
  const more = Math.max(count, unconfirmed.length) - shown.length;
  return (
    // Wider than the bell's panel: an alarm's text and its Confirm on one row where the screen allows.
    <Space
      direction="vertical"
      size={4}
      style={{ width: 360, maxWidth: 'calc(100vw - 48px)' }}
      data-testid="bell-alarms"
    >
      {shown.map((e) => (
        <Space key={e.id} align="start" style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space direction="vertical" size={0} data-testid={`bell-alarm-${e.id}`}>
            <Space size={4}>
              <LevelTag level={e.level} />
              <Typography.Text>{e.content}</Typography.Text>
            </Space>
            <Typography.Text type="secondary">
              {clock.differs ? `${clock.shortDateTime(e.raisedAt)} ${clock.label}` : clock.shortDateTime(e.raisedAt)}
            </Typography.Text>
          </Space>
          <Permission endpoint={alarmApi.alarmConfirm}>
            <Button type="link" size="small" onClick={() => onConfirm(e.id)} data-testid={`bell-confirm-${e.id}`}>
              {t('alarm.realtime.confirm')}
            </Button>
          </Permission>
        </Space>
      ))}
      {more > 0 ? <Typography.Text type="secondary">{t('alarmBell.more', { count: more })}</Typography.Text> : null}
    </Space>
  );
}
