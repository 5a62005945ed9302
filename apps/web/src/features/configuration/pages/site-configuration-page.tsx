import { configApi, endpointPerms, homeConfigApi, meterRoleApi } from '@ess/contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/lib/session/permission';
import { HomeDefaultCard } from '../components/home-default-card';
import { MeterConfigCard } from '../components/meter-config-card';
import { SyncStationList } from '../components/sync-station-list';
import { TopologyJumpCard } from '../components/topology-jump-card';

/**
 * Site configuration (/system/site-configuration): one-key sync of each station's
 * configuration to its EMS with the delivery state; for the current station, what its PCS
 * topology nodes open, which meter plays which role and the default home page.
 */
export function SiteConfigurationPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const items = [
    { key: 'sync', label: t('stationConfig.sync.siteTitle'), children: <SyncStationList kind="site" /> },
    ...(can(endpointPerms(configApi.topologyJumpAdd))
      ? [{ key: 'topology', label: t('stationConfig.topology.title'), children: <TopologyJumpCard /> }]
      : []),
    ...(can(endpointPerms(meterRoleApi.meterConfigAdd))
      ? [{ key: 'meter', label: t('stationConfig.meter.title'), children: <MeterConfigCard /> }]
      : []),
    ...(can(endpointPerms(homeConfigApi.homeDefaultSave))
      ? [{ key: 'home', label: t('stationConfig.home.title'), children: <HomeDefaultCard /> }]
      : []),
  ];
  return <Tabs items={items} data-testid="site-configuration-page" destroyOnHidden />;
}
