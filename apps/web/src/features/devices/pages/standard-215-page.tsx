import type { DeviceStatus } from '@ess/contract';
import { Button, Empty, Input, Result, Select, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeviceDrawer } from '@/components/device-widgets/device-drawer';
import { LiveStatus } from '@/components/live-status/live-status';
import { useLang } from '@/lib/i18n/use-lang';
import { useStationLive } from '@/lib/live/use-station-live';
import { findByUrl } from '@/lib/menu/menu-model';
import { useMenu } from '@/lib/session/api/get-menu';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStorageUnits } from '@/lib/station/storage-units';
import { cabinetRows, filterCabinets } from '../components/cabinet-rows';
import { CabinetTable } from '../components/cabinet-table';
import styles from '../components/devices.module.css';
import { useLiveDevices } from '../hooks/use-live-devices';

const TYPES = ['cabinet'] as const;
const TOPOLOGY_LINKS = [
  ['/surveillance/pcs-topology', 'toPcs'],
  ['/surveillance/battery-topology', 'toBattery'],
] as const;

/**
 * Standard-215 device list (/surveillance/standard-215-device-list): every 215 kWh integrated
 * cabinet of the station with live key values, sortable and filterable; a row opens its drawer.
 */
export function Standard215Page() {
  const { t } = useTranslation();
  const lang = useLang();
  const { stationId, station, isPending } = useCurrentStation();
  const [openId, setOpenId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DeviceStatus | 'all'>('all');
  const [runStates, setRunStates] = useState<number[]>([]);
  const deviceIds = useMemo(() => (openId === null ? [] : [openId]), [openId]);
  const live = useStationLive(stationId, { deviceIds });
  const devices = useLiveDevices(stationId, TYPES, live);
  const today = useStorageUnits(stationId);
  const menu = useMenu(stationId, lang);
  const navigate = useNavigate();

  const group = devices.groups[0];
  const rows = useMemo(() => cabinetRows(group?.devices ?? [], today.data), [group, today.data]);
  const shown = useMemo(() => filterCabinets(rows, { search, status, runStates }), [rows, search, status, runStates]);

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

  if (!rows.length) {
    // Container plants have PCS and clusters instead: point to where they are, if the user may go there.
    const links = TOPOLOGY_LINKS.filter(([url]) => findByUrl(menu.data ?? [], url));
    return (
      <div className={styles.page} data-testid="standard-215-page">
        <div className={styles.pageHead}>
          <h2 className={styles.pageTitle}>{station.name}</h2>
        </div>
        <Result
          icon={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />}
          title={t('devices.cabinets.empty')}
          subTitle={t('devices.cabinets.emptyHint')}
          data-testid="no-cabinets"
          extra={links.map(([url, key]) => (
            <Button key={url} onClick={() => navigate(url)}>
              {t(`devices.cabinets.${key}`)}
            </Button>
          ))}
        />
      </div>
    );
  }

  const runStateMeta = group?.points.find((p) => p.code === 'runState');
  const online = rows.filter((r) => r.status === 'online').length;
  const faults = rows.filter((r) => r.tone === 'fault').length;

  return (
    <div className={styles.page} data-testid="standard-215-page">
      <div className={styles.pageHead}>
        <h2 className={styles.pageTitle}>{station.name}</h2>
        <LiveStatus status={live.status} ts={live.summary?.ts ?? null} />
        <span className={styles.kpiSub} data-testid="cabinet-summary">
          {t('devices.cabinets.summary', { count: rows.length, online, fault: faults })}
        </span>
      </div>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('devices.cabinets.search')}
          aria-label={t('devices.cabinets.search')}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 240 }}
          data-testid="cabinet-search"
        />
        <Select<DeviceStatus | 'all'>
          value={status}
          onChange={setStatus}
          style={{ width: 240 }}
          aria-label={t('devices.cabinets.status')}
          options={[
            { value: 'all', label: t('devices.cabinets.allStatus') },
            { value: 'online', label: t('deviceWidgets.status.online') },
            { value: 'offline', label: t('deviceWidgets.status.offline') },
          ]}
        />
        <Select<number[]>
          mode="multiple"
          allowClear
          value={runStates}
          onChange={setRunStates}
          style={{ minWidth: 220 }}
          placeholder={t('devices.cabinets.allRunStates')}
          aria-label={runStateMeta?.name}
          options={Object.entries(runStateMeta?.states ?? {}).map(([value, label]) => ({
            value: Number(value),
            label,
          }))}
        />
      </Space>
      <CabinetTable
        rows={shown}
        points={group?.points ?? []}
        loading={devices.isPending}
        selectedId={openId}
        onOpen={setOpenId}
        emptyText={t('devices.cabinets.noMatch')}
      />
      <DeviceDrawer deviceId={openId} onClose={() => setOpenId(null)} live={live} />
    </div>
  );
}
