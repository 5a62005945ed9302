import { BellOutlined } from '@ant-design/icons';
import type { MenuItem } from '@ess/contract';
import { Badge, Button, Popover, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CAPABILITIES } from '@/lib/capabilities';
import { findByUrl } from '@/lib/menu/menu-model';
import { bellStore } from '@/lib/storage';
import styles from './navbar.module.css';

const ALARM_PAGE = '/alarm/realtime';

/** Unconfirmed alarm count of the station, linking to real-time alarms; shown only with that page in the menu. */
export function AlarmBell({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sound, setSound] = useState(bellStore.get());
  if (!findByUrl(menu, ALARM_PAGE)) return null;
  const content = (
    <Space direction="vertical" size={8} className={styles.bellPanel}>
      {!CAPABILITIES.alarmCount && <Typography.Text type="secondary">{t('nav.alarmCountPending')}</Typography.Text>}
      <Space>
        <Switch
          size="small"
          checked={sound}
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
    <Popover content={content} title={t('nav.alarms')} trigger="hover" placement="bottomRight">
      <button type="button" className={styles.iconButton} aria-label={t('nav.alarms')} data-testid="alarm-bell">
        <Badge count={0} size="small">
          <BellOutlined className={styles.icon} />
        </Badge>
      </button>
    </Popover>
  );
}
