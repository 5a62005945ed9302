import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/hooks/use-now';
import { clockReading } from './clock-reading';
import styles from './navbar.module.css';

/**
 * Date, weekday and time in the interface language, on the selected station's clock (its own
 * time zone, whatever the browser's); the browser's clock without a station. Ticks by itself so
 * the navbar does not re-render.
 */
export function Clock({ timeZone }: { timeZone: string | null }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const { time, date } = clockReading(now, timeZone, t('nav.dateFormat'));
  const clock = (
    <div className={styles.clock} data-testid="clock">
      <span className={styles.time}>{time}</span>
      <span className={styles.date}>{date}</span>
    </div>
  );
  return timeZone ? <Tooltip title={t('nav.stationTime', { zone: timeZone })}>{clock}</Tooltip> : clock;
}
