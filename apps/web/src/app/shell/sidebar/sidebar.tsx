import type { MenuItem, StationNode } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { childrenOf } from '@/lib/menu/menu-model';
import { useTheme } from '@/lib/theme/theme-store';
import { MenuSearch } from './menu-search';
import { SideMenu } from './side-menu';
import styles from './sidebar.module.css';
import { StationCascader } from './station-cascader';

type Props = {
  menu: MenuItem[];
  activeTop: MenuItem | null;
  station: StationNode | null;
  /** Called after a page was picked (the narrow layout closes its drawer). */
  onPick: () => void;
};

/** Left sidebar (spec 2): optional logo, station cascader, pinyin menu search in Chinese, side menu. */
export function Sidebar({ menu, activeTop, station, onPick }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { sidebarLogo, pinyinSearch, title } = useTheme((s) => s.config);
  return (
    <div className={styles.sidebar} data-testid="sidebar">
      {sidebarLogo && (
        <div className={styles.logo} data-testid="sidebar-logo">
          <img src="/favicon.svg" alt="" />
          <span>{title || t('app.title')}</span>
        </div>
      )}
      <div className={styles.block}>
        <StationCascader station={station} />
      </div>
      {pinyinSearch && lang === 'zh_CN' && (
        <div className={styles.block}>
          <MenuSearch menu={menu} onPick={onPick} />
        </div>
      )}
      {activeTop && <SideMenu key={activeTop.code} entries={childrenOf(activeTop)} onPick={onPick} />}
    </div>
  );
}
