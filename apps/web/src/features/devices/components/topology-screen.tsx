import { Button, Empty, Result, Skeleton } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceDrawer } from '@/components/device-widgets/device-drawer';
import { ToneLegend } from '@/components/device-widgets/tone-legend';
import { LiveStatus } from '@/components/live-status/live-status';
import { useStationLive } from '@/lib/live/use-station-live';
import { useCurrentStation } from '@/lib/station/current-station';
import { useMeterConfig } from '@/lib/station/meter-config';
import { useTopologyJump } from '../api/topology-jumps';
import { type LiveDevices, useLiveDevices } from '../hooks/use-live-devices';
import styles from './devices.module.css';
import type { TopologyFeeder, TopologyVariant } from './topology-layout';
import { storageUnitsOf, TopologyView } from './topology-view';

const TYPES = ['pcs', 'bms', 'cabinet', 'meter'] as const;

type Props = {
  variant: TopologyVariant;
  /** Drawn above the diagram (the battery view's cell extremes). */
  header?: (devices: LiveDevices, open: (deviceId: number) => void) => ReactNode;
};

/**
 * A topology screen: the current station's storage as a live single-line diagram; a device
 * opens its drawer on its history chart, or on the PCS diagram what its jump configuration says.
 */
export function TopologyScreen({ variant, header }: Props) {
  const { t } = useTranslation();
  const { stationId, station, isPending } = useCurrentStation();
  const [openId, setOpenId] = useState<number | null>(null);
  const deviceIds = useMemo(() => (openId === null ? [] : [openId]), [openId]);
  const live = useStationLive(stationId, { deviceIds });
  const devices = useLiveDevices(stationId, TYPES, live);
  const roles = useMeterConfig(stationId);
  // The PCS diagram follows the station's topology jump configuration.
  const jump = useTopologyJump(stationId, variant === 'pcs', setOpenId);
  // Only meters of this station's own list are drawn.
  const meterOf = (role: 'gateway' | 'pv' | 'load') => {
    const id = roles.data?.roles.find((r) => r.role === role)?.deviceId ?? null;
    return id !== null && devices.byId.has(id) ? id : null;
  };
  const gatewayId = meterOf('gateway');
  const feeders: TopologyFeeder[] = [];
  for (const role of ['pv', 'load'] as const) {
    const meterId = meterOf(role);
    if (meterId !== null) feeders.push({ role, meterId });
  }

  if (isPending || (stationId !== null && devices.isPending)) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!station) return <Empty description={t('devices.noStation')} />;
  if (devices.isError) {
    return (
      <Result
        status="warning"
        title={t('devices.loadFailed')}
        extra={<Button onClick={devices.refetch}>{t('common.retry')}</Button>}
      />
    );
  }
  const hasStorage = storageUnitsOf(devices).length > 0;
  const title = t('devices.topology.diagram', { station: station.name });

  return (
    <div className={styles.page} data-testid={`${variant}-topology-page`}>
      <div className={styles.pageHead}>
        <h2 className={styles.pageTitle}>{station.name}</h2>
        <LiveStatus status={live.status} ts={live.summary?.ts ?? null} />
        <div className={styles.pageHeadEnd}>
          <ToneLegend />
        </div>
      </div>
      {!hasStorage ? (
        <Empty description={t('devices.topology.noStorage')} data-testid="no-storage" />
      ) : (
        <>
          {header?.(devices, setOpenId)}
          <TopologyView
            variant={variant}
            devices={devices}
            gatewayId={gatewayId}
            feeders={feeders}
            busPower={live.summary?.storagePower ?? null}
            pilePower={live.summary?.chargerPower ?? null}
            meterConnections={roles.data?.meters}
            ratedKw={station.ratedPowerKw}
            selectedId={openId}
            onOpen={(id) => jump(id, devices.byId.get(id)?.sn)}
            title={title}
          />
        </>
      )}
      <DeviceDrawer deviceId={openId} onClose={() => setOpenId(null)} live={live} tab="history" />
    </div>
  );
}
