import type { StationNode } from '@ess/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { useWeather } from '@/lib/session/api/get-weather';
import { BlockCard } from './block-card';

/** Today's weather at the station, with the day's clearness that PV output follows. */
export function StationWeather({ station }: { station: StationNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, isPending, isError, refetch } = useWeather(station.showWeather ? station.id : null, lang);
  const empty = !station.showWeather
    ? t('home.noWeather')
    : !isPending && !data
      ? t('home.weatherUnavailable')
      : undefined;
  return (
    <BlockCard
      title={t('home.weather')}
      loading={station.showWeather && isPending}
      failed={station.showWeather && isError}
      onRetry={() => void refetch()}
      empty={empty}
      testId="home-weather"
    >
      {data && (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('home.sky')}>{t(`weather.sky.${data.skyCon}`)}</Descriptions.Item>
          <Descriptions.Item label={t('home.temperature')}>
            {t('weather.range', { min: data.minTemperature, max: data.maxTemperature })}
          </Descriptions.Item>
          <Descriptions.Item label={t('home.wind')}>{data.speedAndDirection}</Descriptions.Item>
          <Descriptions.Item label={t('home.clearness')}>{Math.round(data.clearness * 100)}%</Descriptions.Item>
          <Descriptions.Item label={t('home.weatherSource')} span={2}>
            {t(`weather.sources.${data.source}`)}
            {data.fallbackFrom && (
              <div>{t('weather.fallback', { service: t(`weather.sources.${data.fallbackFrom}`) })}</div>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </BlockCard>
  );
}
