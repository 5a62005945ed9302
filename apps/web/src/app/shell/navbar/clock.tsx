import { Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { clockReading } from '@/lib/format/clock-reading';
import { useNow } from '@/lib/hooks/use-now';
import { browserTimeZone, clockOf, stationTime } from '@/lib/station/station-time';
import styles from './navbar.module.css';

/**
 * Date, weekday and time in the interface language, on the selected station's clock (its own
 * time zone, whatever the browser's), with the zone's offset beside the time when the browser
 * reads another clock; the browser's clock without a station. Ticks by itself so the navbar
 * does not re-render.
 */
export function Clock({ timeZone, browserZone }: { timeZone: string | null; browserZone?: string }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const zone = useMemo(
    () =>
      timeZone === null
        ? null
        : browserZone === undefined || browserZone === browserTimeZone()
          ? clockOf(timeZone)
          : stationTime(timeZone, browserZone),
    [timeZone, browserZone],
  );
  const { time, date } = clockReading(now, timeZone, t('nav.dateFormat'));
  const clock = (
    <div className={styles.clock} data-testid="clock">
      <span className={styles.time}>
        {time}
        {zone?.differs && (
          <span className={styles.zone} data-testid="clock-zone">
            {zone.label}
          </span>
        )}
      </span>
      <span className={styles.date}>{date}</span>
    </div>
  );
  return zone ? <Tooltip title={t('nav.stationTime', { zone: zone.full(now) })}>{clock}</Tooltip> : clock;
}
