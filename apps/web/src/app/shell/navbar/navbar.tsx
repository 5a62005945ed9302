import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import type { MenuItem, StationNode, UserInfo } from '@ess/contract';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/lib/hooks/use-is-mobile';
import { langStore } from '@/lib/storage';
import { useTheme } from '@/lib/theme/theme-store';
import { useLayout } from '../layout-store';
import { AlarmBell } from './alarm-bell';
import { Clock } from './clock';
import { DemoTag } from './demo-tag';
import { LanguageSelect } from './language-select';
import { MessageBell } from './message-bell';
import styles from './navbar.module.css';
import { ScreenShortcut } from './screen-shortcut';
import { TopMenu } from './top-menu';
import { UserMenu } from './user-menu';
import { WeatherBlock } from './weather-block';

type Props = {
  menu: MenuItem[];
  activeTop: MenuItem | null;
  station: StationNode | null;
  user: UserInfo;
  fixed: boolean;
};

/** Top navbar of spec 2: menu, clock, weather, bells, big-screen shortcut, language, user. */
export function Navbar({ menu, activeTop, station, user, fixed }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { sidebarOpen, toggleSidebar, setMobileOpen, setSettingsOpen } = useLayout();
  const sidebarLogo = useTheme((s) => s.config.sidebarLogo);
  const title = useTheme((s) => s.config.title);
  // Spec 2/6: shown after the translation login page or with permission sys:translate.
  const showLanguage = langStore.translateLogin() || user.powerList.includes('sys:translate');
  const toggle = () => (isMobile ? setMobileOpen(true) : toggleSidebar());
  return (
    <Layout.Header className={fixed ? `${styles.navbar} ${styles.fixed}` : styles.navbar} data-testid="navbar">
      <button type="button" className={styles.iconButton} onClick={toggle} aria-label={t('nav.toggleSidebar')}>
        {sidebarOpen && !isMobile ? (
          <MenuFoldOutlined className={styles.icon} />
        ) : (
          <MenuUnfoldOutlined className={styles.icon} />
        )}
      </button>
      {!sidebarLogo && (
        <div className={styles.brand} title={title || t('app.title')}>
          <img src="/favicon.svg" alt="" className={styles.logo} />
          {!isMobile && <span className={styles.title}>{title || t('app.shortTitle')}</span>}
        </div>
      )}
      <div className={styles.menuArea}>
        <TopMenu menu={menu} activeTop={activeTop} />
      </div>
      <div className={styles.right}>
        <DemoTag stationId={station?.id ?? null} />
        {!isMobile && <Clock timeZone={station?.timezone ?? null} />}
        {!isMobile && <WeatherBlock station={station} />}
        <ScreenShortcut menu={menu} />
        <MessageBell menu={menu} />
        <AlarmBell menu={menu} />
        {showLanguage && <LanguageSelect disabled={station?.forceChinese ?? false} />}
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setSettingsOpen(true)}
          aria-label={t('nav.settings')}
          data-testid="settings-button"
        >
          <SettingOutlined className={styles.icon} />
        </button>
        <UserMenu user={user} />
      </div>
    </Layout.Header>
  );
}
