import type { StationAdmin } from '@ess/contract';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '@/components/crud';
import { useFormat } from '@/lib/format/use-format';
import { useStationLogo } from '../api/station-logo';

/** Every field of a station, read-only, with its logo. */
export function StationDetail({ station, onClose }: { station: StationAdmin | null; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const logo = useStationLogo(station?.id ?? null, station?.hasLogo ?? false);
  const s = station;
  const yesNo = (v: boolean) => (v ? t('stationAdmin.yes') : t('stationAdmin.no'));
  const items = s
    ? [
        { key: 'code', label: t('stationAdmin.code'), value: s.code },
        { key: 'name', label: t('stationAdmin.name'), value: s.name },
        { key: 'org', label: t('stationAdmin.org'), value: s.orgName },
        { key: 'type', label: t('stationAdmin.type'), value: t(`stationAdmin.types.${s.type}`) },
        { key: 'province', label: t('stationAdmin.province'), value: s.province },
        { key: 'city', label: t('stationAdmin.city'), value: s.city },
        { key: 'address', label: t('stationAdmin.address'), value: s.address },
        { key: 'ratedPowerKw', label: t('stationAdmin.ratedPowerKw'), value: f.number(s.ratedPowerKw, 2) },
        { key: 'capacityKwh', label: t('stationAdmin.capacityKwh'), value: f.number(s.capacityKwh, 2) },
        { key: 'gridConnectionTime', label: t('stationAdmin.gridConnectionTime'), value: s.gridConnectionTime },
        { key: 'coordinates', label: t('stationAdmin.coordinates'), value: `${s.longitude}, ${s.latitude}` },
        { key: 'contact', label: t('stationAdmin.contact'), value: s.contact },
        { key: 'phone', label: t('stationAdmin.phone'), value: s.phone },
        { key: 'timezone', label: t('stationAdmin.timezone'), value: s.timezone },
        { key: 'showWeather', label: t('stationAdmin.showWeather'), value: yesNo(s.showWeather) },
        { key: 'forceChinese', label: t('stationAdmin.forceChinese'), value: yesNo(s.forceChinese) },
        { key: 'devices', label: t('stationAdmin.devices'), value: s.deviceCount },
        {
          key: 'logo',
          label: t('stationAdmin.logo'),
          value: logo ? (
            <span data-testid="detail-logo">
              <Image src={logo} width={64} alt={t('stationAdmin.logo')} />
            </span>
          ) : null,
        },
      ]
    : [];
  return (
    <DetailDrawer
      open={s !== null}
      title={t('stationAdmin.detailTitle')}
      items={items}
      onClose={onClose}
      testId="station-detail"
    />
  );
}
