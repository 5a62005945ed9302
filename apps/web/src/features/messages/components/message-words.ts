import type { FrequencyUnit } from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStationTime } from '@/lib/station/station-time';

/**
 * Message times on the current station's clock, like every time on screen (the navbar clock
 * included): `time` for table cells under a `withZone` header, `labelled` where no header names
 * the zone (popover, dialogs).
 */
export function useMessageTime() {
  const clock = useStationTime();
  return useMemo(() => {
    const time = (ms: number | null) => (ms === null ? '-' : clock.dateMinute(ms));
    return {
      time,
      labelled: (ms: number | null) => (ms !== null && clock.differs ? `${time(ms)} (${clock.label})` : time(ms)),
      withZone: clock.withZone,
    };
  }, [clock]);
}

/** The names of a message's codes in the interface language. */
export function useMessageWords() {
  const { t } = useTranslation();
  const types: Record<number, string> = {
    1: t('messageCenter.type.hint'),
    2: t('messageCenter.type.fault'),
    3: t('messageCenter.type.alarm'),
  };
  const receiving: Record<number, string> = {
    1: t('messageCenter.receiving.station'),
    2: t('messageCenter.receiving.user'),
  };
  const statuses: Record<number, string> = {
    1: t('messageCenter.status.draft'),
    2: t('messageCenter.status.scheduled'),
    3: t('messageCenter.status.broadcasting'),
    4: t('messageCenter.status.ended'),
  };
  const units: Record<FrequencyUnit, string> = {
    minute: t('messageCenter.unit.minute'),
    hour: t('messageCenter.unit.hour'),
    day: t('messageCenter.unit.day'),
    month: t('messageCenter.unit.month'),
  };
  return {
    typeName: (v: number) => types[v] ?? String(v),
    receivingName: (v: number) => receiving[v] ?? String(v),
    statusName: (v: number) => statuses[v] ?? String(v),
    readName: (v: number) => (v === 0 ? t('messageCenter.read.unread') : t('messageCenter.read.read')),
    every: (count: number, unit: FrequencyUnit) => t('messageCenter.every', { count, unit: units[unit] }),
    units,
  };
}
