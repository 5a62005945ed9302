import type { RoleOptions } from '@ess/contract';
import { Button, Space, Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkState, indexMenus, toggleMenu } from '../lib/menu-check';

type MenuOption = RoleOptions['menus'][number];

function treeOf(rows: readonly MenuOption[], buttonLabel: string): TreeDataNode[] {
  const byPid = new Map<number, MenuOption[]>();
  for (const r of rows) byPid.set(r.pid, [...(byPid.get(r.pid) ?? []), r]);
  const build = (pid: number): TreeDataNode[] =>
    (byPid.get(pid) ?? []).map((r) => ({
      key: r.id,
      // Only what the caller holds can be granted (docs/architecture.md "Who may grant what").
      disableCheckbox: !r.grantable,
      title:
        r.type === 'button' ? (
          <span data-testid={`menu-node-${r.code}`}>
            {r.name} <Tag>{buttonLabel}</Tag>
          </span>
        ) : (
          <span data-testid={`menu-node-${r.code}`}>{r.name}</span>
        ),
      children: build(r.id),
    }));
  return build(0);
}

/**
 * The role form's menu authorisation (a form control over the granted row ids): menus and
 * buttons as a tree with checkboxes, rules in lib/menu-check.ts.
 */
export function MenuAuthTree({
  menus,
  value,
  onChange,
  disabled,
}: {
  menus: readonly MenuOption[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const ix = useMemo(() => indexMenus(menus), [menus]);
  const data = useMemo(() => treeOf(menus, t('roleAdmin.button')), [menus, t]);
  const parents = useMemo(() => menus.filter((m) => ix.children.has(m.id)).map((m) => m.id), [menus, ix]);
  const grantable = useMemo(() => {
    const ids = new Set(menus.filter((m) => m.grantable).map((m) => m.id));
    return (id: number) => ids.has(id);
  }, [menus]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const granted = value ?? [];
  return (
    <div data-testid="menu-auth-tree">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setExpanded(parents)}>
          {t('roleAdmin.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('roleAdmin.collapseAll')}
        </Button>
      </Space>
      <div style={{ maxHeight: 360, overflow: 'auto' }}>
        <Tree
          checkable
          checkStrictly
          selectable={false}
          disabled={disabled}
          treeData={data}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(Number))}
          checkedKeys={checkState(ix, granted)}
          onCheck={(_, info) => onChange?.(toggleMenu(ix, granted, Number(info.node.key), info.checked, grantable))}
        />
      </div>
    </div>
  );
}
