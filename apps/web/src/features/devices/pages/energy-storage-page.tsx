import type { DeviceType } from '@ess/contract';
import { Button, Empty, Result, Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceDrawer } from '@/components/device-widgets/device-drawer';
import { ToneLegend } from '@/components/device-widgets/tone-legend';
import { DEVICE_TYPE_ORDER } from '@/components/device-widgets/widget-registry';
import { LiveStatus } from '@/components/live-status/live-status';
import { useStationLive } from '@/lib/live/use-station-live';
import { useCurrentStation } from '@/lib/station/current-station';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { DeviceTypeSection } from '../components/device-type-section';
import styles from '../components/devices.module.css';
import { StorageKpis } from '../components/storage-kpis';
import { useLiveDevices } from '../hooks/use-live-devices';

/**
 * Energy-storage monitoring (/surveillance/energy-storage): the station's storage totals live,
 * and a card for every device grouped by type; a card opens the device's drawer.
 */
export function EnergyStoragePage() {
  const { t } = useTranslation();
  const { stationId, station, isPending } = useCurrentStation();
  const [openId, setOpenId] = useState<number | null>(null);
  const [filter, setFilter] = useState<DeviceType | 'all'>('all');
  // While the socket is down, the open drawer's device is polled with the station totals.
  const deviceIds = useMemo(() => (openId === null ? [] : [openId]), [openId]);
  const live = useStationLive(stationId, { deviceIds });
  const tree = useDeviceTree(stationId);
  const nodes = useMemo(() => flattenDevices(tree.data), [tree.data]);
  const types = useMemo(() => DEVICE_TYPE_ORDER.filter((ty) => nodes.some((n) => n.type === ty)), [nodes]);
  const typeNames = useMemo(() => new Map(nodes.map((n) => [n.type, n.typeName])), [nodes]);
  const devices = useLiveDevices(stationId, types, live);

  if (isPending || (stationId !== null && tree.isPending)) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!station) return <Empty description={t('devices.noStation')} />;
  if (tree.isError || devices.isError) {
    return (
      <Result
        status="warning"
        title={t('devices.loadFailed')}
        extra={
          <Button
            onClick={() => {
              void tree.refetch();
              devices.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const cabinets = devices.groups.find((g) => g.type === 'cabinet')?.devices ?? [];
  const units = cabinets.length ? cabinets : (devices.groups.find((g) => g.type === 'pcs')?.devices ?? []);
  const all = devices.groups.flatMap((g) => g.devices);
  const shown = devices.groups.filter((g) => filter === 'all' || g.type === filter);

  return (
    <div className={styles.page} data-testid="energy-storage-page">
      <div className={styles.pageHead}>
        <h2 className={styles.pageTitle}>{station.name}</h2>
        <LiveStatus status={live.status} ts={live.summary?.ts ?? null} />
        <div className={styles.pageHeadEnd}>
          <ToneLegend />
        </div>
      </div>
      <StorageKpis station={station} summary={live.summary} units={units} devices={all} />
      {!nodes.length ? (
        <Empty description={t('devices.noDevices')} data-testid="no-devices" />
      ) : (
        <>
          <div style={{ overflowX: 'auto' }}>
            <Segmented<DeviceType | 'all'>
              aria-label={t('devices.storage.filter')}
              value={filter}
              onChange={setFilter}
              options={[
                { value: 'all', label: `${t('devices.storage.all')} (${all.length})` },
                ...devices.groups.map((g) => ({
                  value: g.type,
                  label: `${typeNames.get(g.type) ?? g.type} (${g.devices.length})`,
                })),
              ]}
            />
          </div>
          {devices.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <div className={styles.groups}>
              {shown.map((g) => (
                <DeviceTypeSection
                  key={g.type}
                  group={g}
                  typeName={typeNames.get(g.type) ?? g.type}
                  points={g.points}
                  selectedId={openId}
                  onOpen={setOpenId}
                />
              ))}
            </div>
          )}
        </>
      )}
      <DeviceDrawer deviceId={openId} onClose={() => setOpenId(null)} live={live} />
    </div>
  );
}
