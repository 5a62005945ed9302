import type { CurveItem } from '@ess/contract';
import { Empty, Skeleton, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '@/components/live-status/live-status';
import { useStationLive } from '@/lib/live/use-station-live';
import { useCurrentStation } from '@/lib/station/current-station';
import { useQueryPoint } from '@/lib/station/query-point';
import { BatteryAnalysis } from '../components/battery-analysis';
import styles from '../components/history.module.css';
import { HistoryCurves } from '../components/history-curves';
import { QuickView } from '../components/quick-view';
import type { RangePreset, TimeRange } from '../hooks/history-range';
import { useViewportHeight } from '../hooks/use-viewport-height';

type Tab = 'curves' | 'battery' | 'quick';

/**
 * History curves and battery analysis (/surveillance/battery-analysis): indicators of any
 * device over a range with zoom, bands, saved sets and export; battery spreads and SOC/SOH; and
 * the configurable quick view. One live socket feeds every tab.
 */
export function BatteryAnalysisPage() {
  const { t } = useTranslation();
  const { station, isPending } = useCurrentStation();
  const [tab, setTab] = useState<Tab>('curves');
  const [items, setItems] = useState<CurveItem[]>([]);
  const [preset, setPreset] = useState<RangePreset>('7d');
  const [custom, setCustom] = useState<TimeRange | null>(null);
  const deviceIds = useMemo(() => [...new Set(items.map((i) => i.deviceId))], [items]);
  const live = useStationLive(station?.id ?? null, { deviceIds });
  const catalogue = useQueryPoint(station?.id ?? null, null, 0);
  const height = Math.max(300, Math.min(520, useViewportHeight() - 520));

  // A new station starts from its totals (storage power and SOC), when it has a totals device.
  const [seeded, setSeeded] = useState<number | null>(null);
  useEffect(() => {
    if (!station || seeded === station.id || !catalogue.data) return;
    setSeeded(station.id);
    const totals = catalogue.data.find(
      (d) => d.deviceType === 'virtual' && d.deviceTypeColList.some((c) => c.col === 'storagePower'),
    );
    const codes = ['storagePower', 'soc'].filter((code) => totals?.deviceTypeColList.some((c) => c.col === code));
    setItems(totals ? codes.map((code) => ({ deviceId: totals.srcId, code })) : []);
  }, [station, seeded, catalogue.data]);

  if (isPending) return <Skeleton active />;
  if (!station) return <Empty description={t('history.noStation')} data-testid="history-no-station" />;
  return (
    <div className={styles.page} data-testid="history-page">
      <div className={styles.header}>
        <h2 className={styles.title}>{t('history.title')}</h2>
        <span className={styles.muted}>
          {station.name} · {station.code}
        </span>
        <LiveStatus status={live.status} />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        destroyOnHidden
        items={[
          {
            key: 'curves',
            label: t('history.tabs.curves'),
            children: (
              <HistoryCurves
                stationId={station.id}
                items={items}
                setItems={setItems}
                preset={preset}
                setPreset={setPreset}
                custom={custom}
                setCustom={setCustom}
                live={live.devices}
              />
            ),
          },
          {
            key: 'battery',
            label: t('history.tabs.battery'),
            children: <BatteryAnalysis stationId={station.id} live={live.devices} status={live.deviceStatus} />,
          },
          { key: 'quick', label: t('history.tabs.quick'), children: <QuickView live={live.devices} height={height} /> },
        ]}
      />
    </div>
  );
}
