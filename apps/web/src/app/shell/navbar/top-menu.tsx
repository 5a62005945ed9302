import { EllipsisOutlined } from '@ant-design/icons';
import type { MenuItem } from '@ess/contract';
import { Menu, type MenuProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@/components/menu-icon';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { childrenOf, opensNewWindow, topEntries } from '@/lib/menu/menu-model';
import { useOpenEntry } from '../use-open-entry';
import styles from './navbar.module.css';

type Props = { menu: MenuItem[]; activeTop: MenuItem | null };

/** Ten labelled entries do not fit beside the navbar's tools even at 1920 px; below 1280 px not even one (issue 21). */
const NARROW = '(max-width: 1279px)';

/**
 * The server's top menu. Entries that do not fit the width fold into a "More" dropdown
 * (antd measures the real label widths, which suits four languages better than a fixed
 * 100 px per entry). Only the active entry shows its label; the others show their icon, named by
 * a tooltip (the label stays for screen readers and in "More"), so the whole menu stays in view
 * instead of folding into "More" (at 1024 px it folded whole). Below 1280 px the active entry too
 * is an icon, marked as selected (the sidebar names its pages). An entry whose children
 * all open new windows (large screens) drops down its children instead of navigating.
 */
export function TopMenu({ menu, activeTop }: Props) {
  const { t } = useTranslation();
  const open = useOpenEntry();
  const narrow = useMediaQuery(NARROW);
  const tops = topEntries(menu);
  const byKey = new Map<string, { entry: MenuItem; top: boolean }>();
  const iconOnly = (top: MenuItem) => narrow || top.code !== activeTop?.code;
  const icon = (top: MenuItem): ReactNode =>
    iconOnly(top) ? (
      <Tooltip title={top.name}>
        <span>
          <MenuIcon name={top.icon} />
        </span>
      </Tooltip>
    ) : (
      <MenuIcon name={top.icon} />
    );
  const items: MenuProps['items'] = tops.map((top) => {
    const kids = childrenOf(top);
    byKey.set(top.code, { entry: top, top: true });
    const className = iconOnly(top) ? styles.iconOnly : undefined;
    if (kids.length > 0 && kids.every(opensNewWindow)) {
      return {
        key: top.code,
        className,
        icon: icon(top),
        label: top.name,
        children: kids.map((k) => {
          byKey.set(k.code, { entry: k, top: false });
          return { key: k.code, icon: <MenuIcon name={k.icon} />, label: k.name };
        }),
      };
    }
    return { key: top.code, className, icon: icon(top), label: top.name };
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
