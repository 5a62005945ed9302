import { FundProjectionScreenOutlined } from '@ant-design/icons';
import type { MenuItem } from '@ess/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { findByUrl } from '@/lib/menu/menu-model';
import { useOpenEntry } from '../use-open-entry';
import styles from './navbar.module.css';

/** Opens the station's large screen in a new tab, for users whose menu offers it (spec 2 shortcut). */
export function ScreenShortcut({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const open = useOpenEntry();
  const screen = findByUrl(menu, '/screen');
  if (!screen) return null;
  return (
    <Tooltip title={t('nav.bigScreen')}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('nav.bigScreen')}
        onClick={() => void open(screen)}
        data-testid="screen-shortcut"
      >
        <FundProjectionScreenOutlined className={styles.icon} />
      </button>
    </Tooltip>
  );
}
