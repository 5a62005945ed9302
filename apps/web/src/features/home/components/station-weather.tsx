import type { StationNode } from '@ess/contract';
import { Card, Descriptions, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { useWeather } from '@/lib/session/api/get-weather';

/** Today's weather at the station, with the day's clearness that PV output follows. */
export function StationWeather({ station }: { station: StationNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, isPending } = useWeather(station.showWeather ? station.id : null, lang);
  return (
    <Card title={t('home.weather')}>
      {!station.showWeather ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noWeather')} />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : data ? (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('home.sky')}>{t(`weather.sky.${data.skyCon}`)}</Descriptions.Item>
          <Descriptions.Item label={t('home.temperature')}>
            {t('weather.range', { min: data.minTemperature, max: data.maxTemperature })}
          </Descriptions.Item>
          <Descriptions.Item label={t('home.wind')}>{data.speedAndDirection}</Descriptions.Item>
          <Descriptions.Item label={t('home.clearness')}>{Math.round(data.clearness * 100)}%</Descriptions.Item>
          <Descriptions.Item label={t('home.weatherSource')}>{data.source}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.weatherUnavailable')} />
      )}
    </Card>
  );
}
