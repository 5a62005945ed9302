import type { DeviceStatusSummary } from '@ess/contract';
import { Progress } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import type { StationLive } from '@/lib/live/use-station-live';
import { palette } from '@/lib/theme/palette';
import { useDeviceStatus } from '../api/home-blocks';
import { BlockCard } from './block-card';
import styles from './home-blocks.module.css';

type Count = DeviceStatusSummary['total'];

const share = (part: number, c: Count) => (c.total > 0 ? (part / c.total) * 100 : 0);

function StatusBar({ c }: { c: Count }) {
  const healthy = Math.max(0, c.online - c.fault);
  return (
    <div className={styles.statusBar}>
      <div style={{ width: `${share(healthy, c)}%`, background: palette.deviceCount.healthy }} />
      <div style={{ width: `${share(c.fault, c)}%`, background: palette.deviceCount.fault }} />
      <div style={{ width: `${share(c.offline, c)}%`, background: palette.deviceCount.offline }} />
    </div>
  );
}

/**
 * Devices by type: total, online, offline and in fault. Refreshed every 30 s, and at once when
 * the socket reports a device going on- or offline.
 */
export function DeviceStatusBlock({ stationId, live }: { stationId: number; live: StationLive }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { data, isPending, isError, refetch } = useDeviceStatus(stationId);
  const offline = Object.values(live.deviceStatus).filter((s) => s === 'offline').length;
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (seen.current !== null && seen.current !== offline) void refetch();
    seen.current = offline;
  }, [offline, refetch]);

  const total = data?.total;
  const rate = total && total.total > 0 ? (total.online / total.total) * 100 : null;
  return (
    <BlockCard
      title={t('siteHome.block.deviceStatus')}
      loading={isPending}
      failed={isError}
      onRetry={() => void refetch()}
      empty={total && total.total === 0 ? t('siteHome.devices.empty') : undefined}
      testId="home-device-status"
    >
      {total && (
        <>
          <div className={styles.totalRow}>
            <Progress
              type="circle"
              size={64}
              percent={Math.round(rate ?? 0)}
              strokeColor={palette.deviceCount.healthy}
              format={() => `${total.online}/${total.total}`}
            />
            <div className={styles.stat}>
              <div className={styles.statLabel}>{t('siteHome.devices.all')}</div>
              <div className={styles.statValue}>
                {t('siteHome.devices.onlineRate', { value: `${f.number(rate)}%` })}
              </div>
            </div>
            <div className={styles.stat}>
              <div className={styles.statLabel}>{t('siteHome.devices.offline')}</div>
              <div
                className={styles.statValue}
                style={{ color: total.offline > 0 ? palette.deviceCount.offlineText : undefined }}
              >
                {total.offline}
              </div>
            </div>
            <div className={styles.stat}>
              <div className={styles.statLabel}>{t('siteHome.devices.fault')}</div>
              <div
                className={styles.statValue}
                style={{ color: total.fault > 0 ? palette.deviceCount.fault : undefined }}
              >
                {total.fault}
              </div>
            </div>
          </div>
          <div className={styles.statusGrid}>
            {data.types.map((c) => (
              <div key={c.type} className={styles.statusTile} data-testid={`device-status-${c.type}`}>
                <div className={styles.statusHead}>
                  <span>{c.typeName}</span>
                  <span className={styles.statusCount}>
                    {c.online}
                    <span className={styles.muted}>/{c.total}</span>
                  </span>
                </div>
                <StatusBar c={c} />
                <div className={styles.statusLine}>
                  <span>
                    {t('siteHome.devices.online')} {c.online}
                  </span>
                  <span>
                    {t('siteHome.devices.offline')} {c.offline}
                  </span>
                  <span style={{ color: c.fault > 0 ? palette.deviceCount.fault : undefined }}>
                    {t('siteHome.devices.fault')} {c.fault}
                  </span>
                </div>
              </div>
            ))}
          </div>
        </>
      )}
    </BlockCard>
  );
}
