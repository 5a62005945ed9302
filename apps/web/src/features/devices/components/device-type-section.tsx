import type { PointMeta } from '@ess/contract';
import { Card } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceCard } from '@/components/device-widgets/device-card';
import { DEVICE_WIDGETS } from '@/components/device-widgets/widget-registry';
import type { LiveDeviceGroup } from '../hooks/use-live-devices';
import styles from './devices.module.css';

type Props = {
  group: LiveDeviceGroup;
  /** Device type in the user's language (from the device tree). */
  typeName: string;
  points: readonly PointMeta[];
  selectedId: number | null;
  onOpen: (deviceId: number) => void;
};

/** The cards of one device type, with how many are online and in fault. */
export function DeviceTypeSection({ group, typeName, points, selectedId, onOpen }: Props) {
  const { t } = useTranslation();
  const Icon = DEVICE_WIDGETS[group.type].icon;
  const online = group.devices.filter((d) => d.status === 'online').length;
  const faults = group.devices.filter((d) => d.tone === 'fault').length;
  // Room for up to four cards in a row; small groups share a row with others.
  const perRow = Math.min(4, Math.max(1, group.devices.length));
  const style = {
    '--group-basis': `${perRow * 274 + 24}px`,
    '--group-grow': perRow,
  } as CSSProperties;
  return (
    <Card
      size="small"
      className={styles.group}
      style={style}
      data-testid={`device-group-${group.type}`}
      title={
        <span className={styles.sectionTitle}>
          <span className={styles.sectionIcon}>
            <Icon />
          </span>
          {typeName}
          <span className={styles.sectionStats}>
            {t('devices.storage.online', { online, total: group.devices.length })}
            {faults > 0 && ` · ${t('devices.storage.faultCount', { count: faults })}`}
          </span>
        </span>
      }
    >
      <div className={styles.cardGrid}>
        {group.devices.map((d) => (
          <DeviceCard
            key={d.id}
            device={d}
            points={points}
            values={d.values}
            onOpen={onOpen}
            selected={d.id === selectedId}
          />
        ))}
      </div>
    </Card>
  );
}
