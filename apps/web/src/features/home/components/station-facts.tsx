import type { StationNode } from '@ess/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { BlockCard } from './block-card';

/** Nameplate of the station: rating and duration, grid connection, address, contact. */
export function StationFacts({ station }: { station: StationNode }) {
  const { t } = useTranslation();
  const f = useFormat();
  const hours = station.ratedPowerKw > 0 ? station.capacityKwh / station.ratedPowerKw : null;
  return (
    <BlockCard title={t('home.nameplate')} testId="home-nameplate">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('station.ratedPower')}>{f.energy(station.ratedPowerKw, 'kW', 0)}</Descriptions.Item>
        <Descriptions.Item label={t('station.capacity')}>{f.energy(station.capacityKwh, 'kWh', 0)}</Descriptions.Item>
        <Descriptions.Item label={t('station.duration')}>
          {hours === null ? '-' : `${f.number(hours, 2)} h`}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.gridConnection')}>
          {station.gridConnectionTime ?? t('station.notConnected')}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.address')} span={2}>
          {station.address ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.contact')}>{station.contact ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('station.phone')}>{station.phone ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('station.location')} span={2}>
          {t('station.coordinates', { lat: f.number(station.latitude, 4), lon: f.number(station.longitude, 4) })}
        </Descriptions.Item>
      </Descriptions>
    </BlockCard>
  );
}
