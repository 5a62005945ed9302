import { EllipsisOutlined } from '@ant-design/icons';
import type { MenuItem } from '@ess/contract';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@/components/menu-icon';
import { childrenOf, opensNewWindow, topEntries } from '@/lib/menu/menu-model';
import { useOpenEntry } from '../use-open-entry';
import styles from './navbar.module.css';

type Props = { menu: MenuItem[]; activeTop: MenuItem | null };

/**
 * The server's top menu. Entries that do not fit the width fold into a "More" dropdown
 * (antd measures the real label widths, which suits four languages better than a fixed
 * 100 px per entry). An entry whose children all open new windows (large screens) drops
 * down its children instead of navigating.
 */
export function TopMenu({ menu, activeTop }: Props) {
  const { t } = useTranslation();
  const open = useOpenEntry();
  const tops = topEntries(menu);
  const byKey = new Map<string, { entry: MenuItem; top: boolean }>();
  const items: MenuProps['items'] = tops.map((top) => {
    const kids = childrenOf(top);
    byKey.set(top.code, { entry: top, top: true });
    if (kids.length > 0 && kids.every(opensNewWindow)) {
      return {
        key: top.code,
        icon: <MenuIcon name={top.icon} />,
        label: top.name,
        children: kids.map((k) => {
          byKey.set(k.code, { entry: k, top: false });
          return { key: k.code, icon: <MenuIcon name={k.icon} />, label: k.name };
        }),
      };
    }
    return { key: top.code, icon: <MenuIcon name={top.icon} />, label: top.name };
  });
  return (
    <Menu
      className={styles.topMenu}
      mode="horizontal"
      items={items}
      selectedKeys={activeTop ? [activeTop.code] : []}
      overflowedIndicator={
        <span className={styles.more} data-testid="top-menu-more">
          {t('nav.more')} <EllipsisOutlined />
        </span>
      }
      onClick={({ key }) => {
        const hit = byKey.get(key);
        if (hit) void open(hit.entry, { top: hit.top });
      }}
      data-testid="top-menu"
    />
  );
}
