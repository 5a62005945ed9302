import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './navbar.module.css';

/** Date, weekday and time in the interface language; ticks by itself so the navbar does not re-render. */
export function Clock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <div className={styles.clock} data-testid="clock">
      <span className={styles.time}>{now.format('HH:mm:ss')}</span>
      <span className={styles.date}>{now.format(t('nav.dateFormat'))}</span>
    </div>
  );
}
