import type { AlarmEvent } from '@ess/contract';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { StationTime } from '@/lib/station/station-time';
import { LevelTag, StateTags } from './alarm-tags';

const dash = '-';

/** What an event is about: its device and point, or the station for a lost contact. */
export const alarmSubject = (e: AlarmEvent) => e.deviceName ?? e.stationName;

/** The columns both lists share; times on the station's clock. */
export function alarmColumns(
  t: TFunction,
  clock: StationTime,
  opts: { confirmation: boolean },
): ColumnsType<AlarmEvent> {
  const time = (ms: number | null) => (ms === null ? dash : clock.dateTime(ms));
  const cols: ColumnsType<AlarmEvent> = [
    { key: 'level', title: t('alarm.col.level'), width: 84, render: (_, e) => <LevelTag level={e.level} /> },
    { key: 'raisedAt', title: t('alarm.col.raisedAt'), width: 160, render: (_, e) => time(e.raisedAt) },
    {
      key: 'deviceType',
      title: t('alarm.col.deviceType'),
      width: 110,
      render: (_, e) => (e.deviceType ? t(`alarm.deviceType.${e.deviceType}`) : t(`alarm.kind.${e.kind}`)),
    },
    { key: 'device', title: t('alarm.col.device'), width: 150, ellipsis: true, render: (_, e) => alarmSubject(e) },
    { key: 'point', title: t('alarm.col.point'), width: 130, ellipsis: true, render: (_, e) => e.pointName ?? dash },
    { key: 'value', title: t('alarm.col.value'), width: 90, render: (_, e) => (e.value === null ? dash : e.value) },
    { key: 'content', title: t('alarm.col.content'), ellipsis: true, render: (_, e) => e.content },
    { key: 'state', title: t('alarm.col.state'), width: 150, render: (_, e) => <StateTags event={e} /> },
    { key: 'recoveredAt', title: t('alarm.col.recoveredAt'), width: 160, render: (_, e) => time(e.recoveredAt) },
  ];
  if (!opts.confirmation) return cols;
  return [
    ...cols,
    {
      key: 'confirmer',
      title: t('alarm.col.confirmer'),
      width: 110,
      render: (_, e) => <span data-testid={`alarm-confirmer-${e.id}`}>{e.confirmer ?? dash}</span>,
    },
    {
      key: 'confirmedAt',
      title: t('alarm.col.confirmedAt'),
      width: 160,
      render: (_, e) => <span data-testid={`alarm-confirmed-at-${e.id}`}>{time(e.confirmedAt)}</span>,
    },
    { key: 'remark', title: t('alarm.col.remark'), width: 140, ellipsis: true, render: (_, e) => e.remark || dash },
  ];
}
