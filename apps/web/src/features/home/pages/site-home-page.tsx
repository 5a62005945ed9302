import { Card, Col, Empty, Row, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { useSession } from '@/lib/session/session-store';
import { StationFacts } from '../components/station-facts';
import { StationWeather } from '../components/station-weather';
import styles from './site-home-page.module.css';

const TYPE_COLOR = { operating: 'green', construction: 'orange', proposed: 'default' } as const;

/**
 * Site home page frame (the default landing page): the selected station's facts and weather.
 * Live KPIs, the energy-flow diagram and power curves arrive with the telemetry pipeline and
 * monitoring screens; until then the live area says so instead of showing invented numbers.
 */
export function SiteHomePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const stationId = useSession((s) => s.stationId);
  const { data, isPending } = useStations(lang);
  const station = stationsOf(data).find((s) => s.id === stationId) ?? null;
  if (isPending) return <Skeleton active />;
  if (!station) return <Empty description={t('home.noStation')} data-testid="home-no-station" />;
  return (
    <div className={styles.page} data-testid="site-home">
      <div className={styles.header}>
        <h2 className={styles.name} data-testid="home-station-name">
          {station.name}
        </h2>
        <Tag color={TYPE_COLOR[station.type]}>{t(`station.type.${station.type}`)}</Tag>
        <span className={styles.where}>
          {station.province} · {station.city ?? ''} · {station.code}
        </span>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <StationFacts station={station} />
        </Col>
        <Col xs={24} xl={8}>
          <StationWeather station={station} />
        </Col>
        <Col span={24}>
          <Card title={t('home.live')}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.liveWaiting')} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
