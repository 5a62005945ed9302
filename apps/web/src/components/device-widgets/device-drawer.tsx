import type { DeviceNode } from '@ess/contract';
import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Tabs, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { useIsMobile } from '@/lib/hooks/use-is-mobile';
import { type StationLive, useStationLive } from '@/lib/live/use-station-live';
import { useCurrentStation } from '@/lib/station/current-station';
import { usePointData, usePointList } from '@/lib/station/device-points';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { useStationTime } from '@/lib/station/station-time';
import { DeviceHistoryChart } from './device-history-chart';
import { toneOf } from './device-tone';
import { mergeDeviceValues, newestTs, stateLabel } from './device-values';
import styles from './device-widgets.module.css';
import { usePointFormat } from './point-format';
import { PointReading } from './point-reading';
import { PointTable } from './point-table';
import { SocBar } from './soc-bar';
import { ToneTag } from './tone-tag';
import { DEVICE_WIDGETS } from './widget-registry';
import { metricCode } from './widget-types';

type Props = {
  /** The device shown; null closes the drawer. */
  deviceId: number | null;
  onClose: () => void;
  /**
   * The page's live feed of the current station. Without it the drawer follows the station
   * itself while open (a second socket), so any page can open a drawer on its own.
   */
  live?: StationLive | null;
  /** The tab shown first: live points (default) or the history chart. */
  tab?: DrawerTab;
};

export type DrawerTab = 'points' | 'history';

/** A device's detail drawer: identity, key figures, every point live, and its history chart. */
export function DeviceDrawer({ deviceId, onClose, live, tab = 'points' }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { stationId } = useCurrentStation();
  const tree = useDeviceTree(stationId);
  const device = useMemo(() => flattenDevices(tree.data).find((d) => d.id === deviceId) ?? null, [tree.data, deviceId]);
  const Icon = device ? DEVICE_WIDGETS[device.type].icon : null;

  return (
    <Drawer
      open={deviceId !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 780}
      destroyOnHidden
      title={
        device && Icon ? (
          <span className={styles.drawerHead} data-testid="device-drawer-title">
            <Icon className={styles.cardIcon} />
            <span className={styles.cardTitle}>
              <strong>{device.name}</strong>
              <small>
                {device.typeName} · {device.sn}
              </small>
            </span>
          </span>
        ) : null
      }
    >
      {deviceId === null ? null : tree.isPending ? (
        <Skeleton active />
      ) : !device ? (
        <Empty description={t('deviceWidgets.drawer.notFound')} />
      ) : live ? (
        // Keyed: another device or tab starts with fresh tabs and chart choices.
        <DrawerBody key={`${device.id}:${tab}`} device={device} live={live} tab={tab} />
      ) : (
        <OwnLiveBody key={`${device.id}:${tab}`} device={device} stationId={stationId} tab={tab} />
      )}
    </Drawer>
  );
}

type BodyProps = { device: DeviceNode; tab: DrawerTab };

function OwnLiveBody({ stationId, ...props }: BodyProps & { stationId: number | null }) {
  const deviceIds = useMemo(() => [props.device.id], [props.device.id]);
  const live = useStationLive(stationId, { deviceIds });
  return <DrawerBody {...props} live={live} />;
}

function DrawerBody({ device, live, tab }: BodyProps & { live: StationLive }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const clock = useStationTime();
  const format = usePointFormat();
  const list = usePointList(device.id);
  const data = usePointData(device.id);
  const widget = DEVICE_WIDGETS[device.type];
  const points = list.data ?? [];

  const stored = useMemo(() => {
    const out: Record<string, { value: number; ts: number; text: string | null }> = {};
    for (const r of data.data ?? [])
      if (r.value !== null && r.ts !== null) out[r.code] = { value: r.value, ts: r.ts, text: r.text };
    return out;
  }, [data.data]);
  const values = useMemo(() => mergeDeviceValues(stored, live.devices[device.id]), [stored, live.devices, device.id]);
  const status = live.deviceStatus[device.id] ?? device.status;
  const tone = toneOf(widget, status, values);
  const meta = (code: string) => points.find((p) => p.code === code);
  const label = widget.state ? stateLabel(meta(widget.state.code), values[widget.state.code]) : null;
  const lastSeen = newestTs(values) ?? device.lastSeenAt;
  const headline = widget.headline ? meta(widget.headline) : undefined;
  const gauge = widget.gauge ? meta(widget.gauge) : undefined;

  if (list.isError || data.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('deviceWidgets.drawer.loadFailed')}
        action={
          <Button
            size="small"
            onClick={() => {
              void list.refetch();
              void data.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <div data-testid="device-drawer" data-tone={tone}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('deviceWidgets.drawer.status')}>
          <ToneTag tone={tone} label={label} />
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceWidgets.drawer.lastSeen')}>
          {lastSeen === null ? (
            t('deviceWidgets.neverSeen')
          ) : (
            <Tooltip title={clock.withZone(clock.dateTime(lastSeen))}>
              <span data-testid="device-last-seen">{fmt.ago(lastSeen)}</span>
            </Tooltip>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceWidgets.drawer.sn')}>{device.sn}</Descriptions.Item>
        <Descriptions.Item label={t('deviceWidgets.drawer.model')}>
          {device.modelName ? `${device.modelName} (${device.modelCode ?? ''})` : (device.modelCode ?? '-')}
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceWidgets.drawer.manufacturer')}>
          {device.manufacturer ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceWidgets.drawer.type')}>
          {device.typeName}
          <span className={styles.historyNote}>&nbsp;· {t(`deviceWidgets.drawer.liveVia.${live.status}`)}</span>
        </Descriptions.Item>
      </Descriptions>
      <div className={styles.drawerFigures}>
        {headline && (
          <div className={styles.figure}>
            <span>{headline.name}</span>
            <strong data-testid="drawer-headline">{format(headline, values[headline.code])}</strong>
          </div>
        )}
        {widget.metrics.map((m) => {
          const p = meta(metricCode(m));
          if (!p) return null;
          const cell = typeof m === 'string' ? undefined : values[m.cell];
          return (
            <div key={p.code} className={styles.figure}>
              <span>{p.name}</span>
              <strong>
                <PointReading point={p} value={values[p.code]} />
                {cell && <small className={styles.cellNo}>{t('deviceWidgets.cell', { no: cell.value })}</small>}
              </strong>
            </div>
          );
        })}
      </div>
      {gauge && (
        <div style={{ maxWidth: 420, marginBottom: 12 }}>
          <SocBar value={values[gauge.code]?.value ?? null} label={gauge.name} />
        </div>
      )}
      <Tabs
        defaultActiveKey={tab}
        items={[
          {
            key: 'points',
            label: t('deviceWidgets.drawer.points'),
            children: <PointTable points={points} values={values} loading={list.isPending || data.isPending} />,
          },
          {
            key: 'history',
            label: t('deviceWidgets.drawer.history'),
            children: list.data ? (
              <DeviceHistoryChart deviceId={device.id} type={device.type} points={list.data} />
            ) : (
              <Skeleton active />
            ),
          },
        ]}
      />
    </div>
  );
}
