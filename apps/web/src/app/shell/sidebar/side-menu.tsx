import type { MenuItem } from '@ess/contract';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from '@/components/menu-icon';
import { childrenOf, flattenMenu } from '@/lib/menu/menu-model';
import { useOpenEntry } from '../use-open-entry';

type Props = { entries: MenuItem[]; onPick: () => void };
type Items = NonNullable<MenuProps['items']>;

const toItems = (entries: MenuItem[]): Items =>
  entries.map((m) => {
    const kids = childrenOf(m);
    return kids.length > 0
      ? {
          key: m.code,
          icon: <MenuIcon name={m.icon} />,
          label: <span title={m.name}>{m.name}</span>,
          children: toItems(kids),
        }
      : {
          key: m.code,
          icon: <MenuIcon name={m.icon} />,
          // Long names (Spanish, Japanese) are cut to the sidebar's width: the tooltip keeps them whole.
          label: (
            <span data-testid={`side-${m.url}`} title={m.name}>
              {m.name}
            </span>
          ),
        };
  });

/** The active top entry's pages as a tree; the current page is selected and its parents open. */
export function SideMenu({ entries, onPick }: Props) {
  const { pathname } = useLocation();
  const open = useOpenEntry();
  const all = useMemo(() => flattenMenu(entries), [entries]);
  const selected = all.find((m) => m.url === pathname);
  const parents = all.filter((m) => selected && m.id === selected.pid).map((m) => m.code);
  return (
    <Menu
      mode="inline"
      items={toItems(entries)}
      selectedKeys={selected ? [selected.code] : []}
      defaultOpenKeys={parents}
      onClick={({ key }) => {
        const hit = all.find((m) => m.code === key);
        if (hit) void open(hit).then(onPick);
      }}
      style={{ borderInlineEnd: 'none' }}
      data-testid="side-menu"
    />
  );
}
