import type { StationNode } from '@ess/contract';
import { Card, Descriptions, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './home.module.css';

/** Nameplate of the station: rated power, capacity, duration, grid connection, address, contact. */
export function StationFacts({ station }: { station: StationNode }) {
  const { t } = useTranslation();
  const hours = station.ratedPowerKw > 0 ? station.capacityKwh / station.ratedPowerKw : null;
  return (
    <Card title={t('home.nameplate')}>
      <div className={styles.stats}>
        <Statistic title={t('station.ratedPower')} value={station.ratedPowerKw} suffix="kW" />
        <Statistic title={t('station.capacity')} value={station.capacityKwh} suffix="kWh" />
        <Statistic
          title={t('station.duration')}
          value={hours ?? '-'}
          precision={hours === null ? undefined : 2}
          suffix="h"
        />
      </div>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('station.gridConnection')}>
          {station.gridConnectionTime ?? t('station.notConnected')}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.typeLabel')}>{t(`station.type.${station.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('station.address')} span={2}>
          {station.address ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.contact')}>{station.contact ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('station.phone')}>{station.phone ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('station.location')} span={2}>
          {t('station.coordinates', { lat: station.latitude.toFixed(4), lon: station.longitude.toFixed(4) })}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
