import type { StationNode } from '@ess/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { useWeather } from '@/lib/session/api/get-weather';
import styles from './navbar.module.css';
import { WeatherIcon } from './weather-icon';

/**
 * Sky, min–max temperature, city and wind for the selected station; nothing for stations
 * without weather. The tooltip names the source, and says so when the offline model stands in
 * for a weather service that failed.
 */
export function WeatherBlock({ station }: { station: StationNode | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const show = station?.showWeather ?? false;
  const { data } = useWeather(show && station ? station.id : null, lang);
  if (!show || !data) return null;
  const sky = t(`weather.sky.${data.skyCon}`);
  return (
    <Tooltip
      title={
        <>
          <div>
            {data.cityzh} · {sky} · {data.speedAndDirection}
          </div>
          <div>{t('weather.source', { source: t(`weather.sources.${data.source}`), date: data.date })}</div>
          {data.fallbackFrom && (
            <div>{t('weather.fallback', { service: t(`weather.sources.${data.fallbackFrom}`) })}</div>
          )}
        </>
      }
    >
      <div className={styles.weather} data-testid="weather">
        <WeatherIcon sky={data.skyCon} />
        <span className={styles.sky}>{sky}</span>
        <span>{t('weather.range', { min: data.minTemperature, max: data.maxTemperature })}</span>
        <span className={styles.secondary}>{data.cityzh}</span>
        <span className={styles.secondary}>{data.speedAndDirection}</span>
      </div>
    </Tooltip>
  );
}
