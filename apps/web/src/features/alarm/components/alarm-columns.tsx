import type { AlarmEvent, AlarmListRow } from '@ess/contract';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { orderDetailLink } from '@/lib/menu/cross-links';
import type { StationTime } from '@/lib/station/station-time';
import { LevelTag, StateTags } from './alarm-tags';
import { pointUnit } from './definition-points';

const dash = '-';

/** What an event is about: its device, or the station for a lost contact. */
export const alarmSubject = (e: AlarmEvent) => e.deviceName ?? e.stationName;

/** A number as read: float noise of stored limits (0.1000000009) rounded away. */
export const readable = (v: number | null) => (v === null ? dash : String(Number(v.toPrecision(10))));

/** An event's value with its point's unit. */
export const valueText = (e: Pick<AlarmEvent, 'value' | 'deviceType' | 'pointCode'>, v = e.value) => {
  const unit = v === null ? null : pointUnit(e.deviceType, e.pointCode);
  return unit ? `${readable(v)} ${unit}` : readable(v);
};

const Secondary = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {children}
  </Typography.Text>
);

/**
 * The columns both lists share, times on the station's clock. Related facts share a cell (device
 * and its type, state and recovery time, confirmer and time) so the content keeps its room at
 * 1024–1920 px; the history leaves point and value to the content text and the detail. The work
 * order's number opens its detail.
 */
export function alarmColumns(t: TFunction, clock: StationTime, opts: { history: boolean }): ColumnsType<AlarmListRow> {
  const time = (ms: number | null) => (ms === null ? dash : clock.dateTime(ms));
  const cols: ColumnsType<AlarmListRow> = [
    { key: 'level', title: t('alarm.col.level'), width: 76, render: (_, e) => <LevelTag level={e.level} /> },
    { key: 'raisedAt', title: t('alarm.col.raisedAt'), width: 156, render: (_, e) => time(e.raisedAt) },
    {
      key: 'device',
      title: t('alarm.col.device'),
      width: 150,
      ellipsis: true,
      render: (_, e) => (
        <>
          <div>{alarmSubject(e)}</div>
          <Secondary>{e.deviceType ? t(`alarm.deviceType.${e.deviceType}`) : t(`alarm.kind.${e.kind}`)}</Secondary>
        </>
      ),
    },
  ];
  if (!opts.history) {
    cols.push(
      { key: 'point', title: t('alarm.col.point'), width: 130, ellipsis: true, render: (_, e) => e.pointName ?? dash },
      { key: 'value', title: t('alarm.col.value'), width: 80, render: (_, e) => valueText(e) },
    );
  }
  cols.push(
    {
      key: 'content',
      title: t('alarm.col.content'),
      ellipsis: { showTitle: true },
      render: (_, e) => e.content,
    },
    {
      key: 'state',
      title: t('alarm.col.state'),
      width: 160,
      render: (_, e) => (
        <>
          <StateTags event={e} />
          {e.recoveredAt !== null && <Secondary>{time(e.recoveredAt)}</Secondary>}
        </>
      ),
    },
    {
      key: 'workOrder',
      title: t('alarm.col.workOrder'),
      width: 140,
      render: (_, e) =>
        e.workOrder === null ? (
          dash
        ) : (
          <Link to={orderDetailLink(e.workOrder.id)} data-testid={`alarm-order-${e.id}`}>
            {e.workOrder.number}
          </Link>
        ),
    },
  );
  if (!opts.history) return cols;
  return [
    ...cols,
    {
      key: 'confirmer',
      title: t('alarm.col.confirmer'),
      width: 160,
      render: (_, e) => (
        <>
          <div data-testid={`alarm-confirmer-${e.id}`}>{e.confirmer ?? dash}</div>
          {e.confirmedAt !== null && (
            <Secondary>
              <span data-testid={`alarm-confirmed-at-${e.id}`}>{time(e.confirmedAt)}</span>
            </Secondary>
          )}
        </>
      ),
    },
    { key: 'remark', title: t('alarm.col.remark'), width: 130, ellipsis: true, render: (_, e) => e.remark || dash },
  ];
}
