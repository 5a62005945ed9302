import { SettingOutlined } from '@ant-design/icons';
import { DEFAULT_HOME_BLOCKS, type HomeBlock, homeConfigApi, type StationNode } from '@ess/contract';
import { Alert, Button, Col, Empty, Row, Skeleton, Tag } from 'antd';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockBoundary } from '@/components/block-boundary';
import { LiveStatus } from '@/components/live-status/live-status';
import { Permission } from '@/components/permission';
import { useStationLive } from '@/lib/live/use-station-live';
import { useCurrentStation } from '@/lib/station/current-station';
import { useEnergyFlow, useStationKpis } from '../api/home-blocks';
import { useHomeConfig } from '../api/home-config';
import { AirConditionBlock } from '../components/air-condition-block';
import { DeviceStatusBlock } from '../components/device-status-block';
import { EnergyFlowBlock } from '../components/energy-flow-block';
import { HomeConfigDialog } from '../components/home-config-dialog';
import { KpiStrip } from '../components/kpi-strip';
import { PowerCurveBlock } from '../components/power-curve-block';
import { PvChargerBlock } from '../components/pv-charger-block';
import { StationFacts } from '../components/station-facts';
import { StationWeather } from '../components/station-weather';
import { StorageUnitsBlock } from '../components/storage-units-block';
import styles from './site-home-page.module.css';

const TYPE_COLOR = { operating: 'green', construction: 'orange', proposed: 'default' } as const;

/** Width of each block: the KPIs span the page; the others pair up (flow beside curve by default). */
const SPAN: Record<HomeBlock, { xl: number; xxl: number }> = {
  kpis: { xl: 24, xxl: 24 },
  energyFlow: { xl: 12, xxl: 10 },
  powerCurve: { xl: 12, xxl: 14 },
  storageUnits: { xl: 12, xxl: 12 },
  deviceStatus: { xl: 12, xxl: 12 },
  pvChargers: { xl: 12, xxl: 12 },
  airConditioning: { xl: 12, xxl: 12 },
  weather: { xl: 12, xxl: 12 },
  nameplate: { xl: 12, xxl: 12 },
};

/**
 * Blocks drawn in the first render: the KPIs and the first row (on a 900 px high screen, what
 * is above the fold). The others follow at once in a second, interruptible render, so the
 * first paint does not wait for blocks nobody sees yet.
 */
const FIRST_PASS_BLOCKS = 3;

/** Site home page (the default landing page): the selected station's live overview. */
export function SiteHomePage() {
  const { t } = useTranslation();
  const { station, isPending } = useCurrentStation();
  if (isPending) return <Skeleton active />;
  if (!station) return <Empty description={t('home.noStation')} data-testid="home-no-station" />;
  return <StationHome key={station.id} station={station} />;
}

function StationHome({ station }: { station: StationNode }) {
  const { t } = useTranslation();
  const live = useStationLive(station.id);
  const snapshot = useEnergyFlow(station.id);
  const kpis = useStationKpis(station.id);
  const config = useHomeConfig(station.id);
  const [configuring, setConfiguring] = useState(false);
  const [allBlocks, setAllBlocks] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => startTransition(() => setAllBlocks(true)), 0);
    return () => clearTimeout(id);
  }, []);
  // The socket's summary once it arrived, else the `middle` snapshot read on opening the page.
  const summary = live.summary ?? snapshot.data ?? (snapshot.isError ? null : undefined);
  const operating = station.type === 'operating';
  const noDataText = operating
    ? t('siteHome.noLiveData')
    : t(`siteHome.notOperating.${station.type === 'construction' ? 'construction' : 'proposed'}`);
  const blocks = config.data?.blocks ?? DEFAULT_HOME_BLOCKS;
  const shown = blocks.filter((b) => b.visible).map((b) => b.key);
  const drawn = allBlocks ? shown : shown.slice(0, FIRST_PASS_BLOCKS);

  const render = (key: HomeBlock): ReactNode => {
    switch (key) {
      case 'kpis':
        return kpis.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : kpis.data ? (
          <KpiStrip kpis={kpis.data} live={live.summary} />
        ) : (
          <Alert
            type="error"
            showIcon
            message={t('siteHome.loadFailed')}
            action={
              <Button size="small" onClick={() => void kpis.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        );
      case 'energyFlow':
        return <EnergyFlowBlock summary={summary} ratedKw={station.ratedPowerKw} noDataText={noDataText} />;
      case 'powerCurve':
        return <PowerCurveBlock stationId={station.id} live={live} />;
      case 'storageUnits':
        return <StorageUnitsBlock stationId={station.id} live={live} />;
      case 'deviceStatus':
        return <DeviceStatusBlock stationId={station.id} live={live} />;
      case 'pvChargers':
        return <PvChargerBlock stationId={station.id} live={live} />;
      case 'airConditioning':
        return <AirConditionBlock stationId={station.id} live={live} />;
      case 'weather':
        return <StationWeather station={station} />;
      case 'nameplate':
        return <StationFacts station={station} />;
    }
  };

  return (
    <div className={styles.page} data-testid="site-home">
      <div className={styles.header}>
        <h2 className={styles.name} data-testid="home-station-name">
          {station.name}
        </h2>
        <Tag color={TYPE_COLOR[station.type]}>{t(`station.type.${station.type}`)}</Tag>
        <span className={styles.where}>
          {[station.province, station.city, station.code].filter(Boolean).join(' · ')}
        </span>
        <span className={styles.spring} />
        {operating && <LiveStatus status={live.status} ts={(live.summary ?? snapshot.data)?.ts ?? null} />}
        <Permission endpoint={homeConfigApi.homeConfigSave}>
          <Button icon={<SettingOutlined />} onClick={() => setConfiguring(true)} data-testid="home-configure">
            {t('siteHome.configure')}
          </Button>
        </Permission>
      </div>
      {!operating && (
        <Alert
          type="info"
          showIcon
          message={noDataText}
          description={t('siteHome.notOperating.hint')}
          data-testid="home-not-operating"
        />
      )}
      {shown.length === 0 ? (
        <Empty description={t('siteHome.allHidden')} />
      ) : (
        <Row gutter={[14, 14]} className={styles.blocks}>
          {drawn.map((key) => (
            <Col key={key} xs={24} xl={SPAN[key].xl} xxl={SPAN[key].xxl} data-testid={`home-block-${key}`}>
              <BlockBoundary>{render(key)}</BlockBoundary>
            </Col>
          ))}
        </Row>
      )}
      {configuring && <HomeConfigDialog stationId={station.id} blocks={blocks} onClose={() => setConfiguring(false)} />}
    </div>
  );
}
