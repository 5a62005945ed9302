import { BellOutlined } from '@ant-design/icons';
import type { MenuItem } from '@ess/contract';
import { Badge, Button, Popover, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BellAlarmList } from '@/features/alarm/components/bell-alarm-list';
import { ConfirmDialog } from '@/features/alarm/components/confirm-dialog';
import { useAlarmBell } from '@/features/alarm/hooks/use-alarm-bell';
import { CAPABILITIES } from '@/lib/capabilities';
import { findByUrl } from '@/lib/menu/menu-model';
import { useCurrentStation } from '@/lib/station/current-station';
import { bellStore } from '@/lib/storage';
import styles from './navbar.module.css';

const ALARM_PAGE = '/alarm/realtime';

/**
 * Unconfirmed alarm count of the station, linking to real-time alarms; its popover lists the latest
 * unconfirmed ones with Confirm. Shown only with that page in the menu.
 */
export function AlarmBell({ menu }: { menu: MenuItem[] }) {
  return findByUrl(menu, ALARM_PAGE) ? <AlarmBellButton /> : null;
}

function AlarmBellButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sound, setSound] = useState(bellStore.get());
  const { stationId } = useCurrentStation();
  const { count, chimes } = useAlarmBell(stationId, { enabled: CAPABILITIES.alarmCount, sound });
  // Held here, not in the popover: the dialog stays open when the pointer leaves the bell.
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const content = (
    <Space direction="vertical" size={8} className={styles.bellPanel}>
      {!CAPABILITIES.alarmCount && <Typography.Text type="secondary">{t('nav.alarmCountPending')}</Typography.Text>}
      {CAPABILITIES.alarmCount && stationId !== null ? (
        <BellAlarmList stationId={stationId} count={count} onConfirm={(id) => setConfirming([id])} />
      ) : null}
      <Space>
        <Switch
          size="small"
          checked={sound}
          data-testid="alarm-bell-sound"
          onChange={(on) => {
            bellStore.set(on);
            setSound(on);
          }}
        />
        <span>{t('nav.bellSound')}</span>
      </Space>
      <Button type="link" size="small" onClick={() => navigate(ALARM_PAGE)}>
        {t('nav.viewAlarms')}
      </Button>
    </Space>
  );
  return (
    <>
      <Popover content={content} title={t('nav.alarms')} trigger="hover" placement="bottomRight">
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('nav.alarms')}
          data-testid="alarm-bell"
          data-sound-played={chimes}
          onClick={() => navigate(ALARM_PAGE)}
        >
          <Badge count={count} size="small" overflowCount={999}>
            <BellOutlined className={styles.icon} />
          </Badge>
          <span hidden data-testid="alarm-bell-count">
            {count}
          </span>
        </button>
      </Popover>
      <ConfirmDialog ids={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}
