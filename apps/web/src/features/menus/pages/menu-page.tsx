import { type MenuAdminNode, menuAdminApi } from '@ess/contract';
import { Button, Input, Space, Tag } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudRowsPage } from '@/components/crud';
import { MenuIcon } from '@/components/menu-icon';
import { useMenuTree } from '../api/menus';
import { MenuFields, type MenuValues } from '../components/menu-fields';

/** A tree row as the table shows it: leaves carry no `children` (no expand icon). */
type Row = Omit<MenuAdminNode, 'children'> & { children?: Row[] };

const toRows = (nodes: MenuAdminNode[]): Row[] =>
  nodes.map(({ children, ...n }) => (children.length > 0 ? { ...n, children: toRows(children) } : n));

/** Rows matching the text, with the branches that lead to them. */
function filterRows(rows: Row[], text: string): Row[] {
  if (text === '') return rows;
  const needle = text.toLowerCase();
  const hit = (r: Row) =>
    [r.name, r.code, r.perms ?? '', ...Object.values(r.names)].some((s) => s.toLowerCase().includes(needle));
  return rows.flatMap((r) => {
    const children = filterRows(r.children ?? [], text);
    if (hit(r)) return [r];
    return children.length > 0 ? [{ ...r, children }] : [];
  });
}

const idsOf = (rows: Row[]): number[] => rows.flatMap((r) => (r.children ? [r.id, ...idsOf(r.children)] : []));

const valuesOf = (r: Row): MenuValues => ({
  pid: r.pid,
  code: r.code,
  names: r.names,
  type: r.type,
  perms: r.perms,
  url: r.url,
  urlApp: r.urlApp,
  icon: r.icon,
  iconApp: r.iconApp,
  method: r.method,
  orderNum: r.orderNum,
  show: r.show,
  color: r.color,
  status: r.status === 0 ? 0 : 1,
  hidden: r.hidden,
  external: r.external,
  isConfig: r.isConfig,
  component: r.component,
  stationTypes: r.stationTypes,
  stationIds: r.stationIds,
});

const NEW_ROW: Partial<MenuValues> = {
  type: 'menu',
  status: 1,
  show: 'all',
  hidden: false,
  external: false,
  isConfig: false,
  stationTypes: [],
  stationIds: [],
};

/** System menu "menus" (/system/menu): the tree of menu and button rows, edited in place. */
export function MenuPage() {
  const { t } = useTranslation();
  const tree = useMenuTree();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[]>([]);

  const nodes = tree.data ?? [];
  const rows = useMemo(() => filterRows(toRows(tree.data ?? []), text.trim()), [tree.data, text]);
  // While searching every matching branch is open.
  const expandedKeys = text.trim() === '' ? expanded : idsOf(rows);

  return (
    <CrudRowsPage
      title={t('menuAdmin.title')}
      testId="menu"
      rows={rows}
      loading={tree.isFetching && !tree.isError}
      failed={tree.isError && !tree.data}
      listEntries={[menuAdminApi.menuTree]}
      rowTestKey={(r) => r.code}
      rowName={(r) => r.name}
      actionsWidth={200}
      search={
        <Space style={{ marginBottom: 12 }} wrap>
          <Input.Search
            allowClear
            placeholder={t('menuAdmin.search')}
            onSearch={setText}
            onChange={(e) => e.target.value === '' && setText('')}
            style={{ width: 260 }}
            data-testid="menu-search"
          />
          <Button onClick={() => setExpanded(idsOf(toRows(nodes)))}>{t('menuAdmin.expandAll')}</Button>
          <Button onClick={() => setExpanded([])}>{t('menuAdmin.collapseAll')}</Button>
        </Space>
      }
      table={{ expandable: { expandedRowKeys: expandedKeys, onExpandedRowsChange: setExpanded } }}
      columns={[
        {
          key: 'name',
          title: t('menuAdmin.name'),
          render: (_, r) => (
            <Space size={6}>
              <MenuIcon name={r.icon} />
              <span data-testid={`menu-name-${r.code}`}>{r.name}</span>
              {r.builtIn && <Tag>{t('menuAdmin.builtIn')}</Tag>}
            </Space>
          ),
        },
        {
          key: 'type',
          title: t('menuAdmin.type'),
          width: 90,
          render: (_, r) =>
            r.type === 'menu' ? (
              <Tag color="processing">{t('menuAdmin.typeMenu')}</Tag>
            ) : (
              <Tag color="default">{t('menuAdmin.typeButton')}</Tag>
            ),
        },
        { key: 'code', title: t('menuAdmin.code'), dataIndex: 'code', ellipsis: true },
        { key: 'perms', title: t('menuAdmin.perms'), dataIndex: 'perms', ellipsis: true, render: (v) => v ?? '-' },
        { key: 'url', title: t('menuAdmin.url'), dataIndex: 'url', ellipsis: true, render: (v) => v ?? '-' },
        { key: 'orderNum', title: t('menuAdmin.orderNum'), dataIndex: 'orderNum', width: 70 },
        {
          key: 'show',
          title: t('menuAdmin.show'),
          width: 90,
          render: (_, r) =>
            r.type === 'button'
              ? '-'
              : t(r.show === 'all' ? 'menuAdmin.showAll' : r.show === 'pc' ? 'menuAdmin.showPc' : 'menuAdmin.showApp'),
        },
        {
          key: 'status',
          title: t('crud.status'),
          width: 90,
          render: (_, r) =>
            r.status === 1 ? (
              <Tag color="success">{t('crud.enabled')}</Tag>
            ) : (
              <Tag color="error">{t('crud.disabled')}</Tag>
            ),
        },
      ]}
      rowActions={(r, { openAdd }) =>
        r.type === 'menu'
          ? [
              {
                key: 'addChild',
                label: t('menuAdmin.addChild'),
                endpoint: menuAdminApi.menuAdd,
                testId: `menu-add-child-${r.code}`,
                onClick: () => openAdd({ ...NEW_ROW, pid: r.id, orderNum: (r.children?.length ?? 0) + 1 }),
              },
            ]
          : []
      }
      add={{
        endpoint: menuAdminApi.menuAdd,
        label: t('menuAdmin.addRoot'),
        testId: 'menu-add-root',
        input: (v: MenuValues) => v,
        // The new row shows under its parent, opened for it.
        done: (v) => setExpanded((keys) => [...new Set([...keys, v.pid])]),
      }}
      update={{ endpoint: menuAdminApi.menuUpdate, input: (v, r) => ({ ...v, id: r.id }) }}
      remove={{
        endpoint: menuAdminApi.menuDelete,
        input: (r) => ({ id: r.id }),
        blockedBy: (r) => ((r.children?.length ?? 0) > 0 ? t('menuAdmin.hasChildren') : undefined),
      }}
      form={{
        titles: { add: t('menuAdmin.addTitle'), edit: t('menuAdmin.editTitle') },
        width: 720,
        defaults: { ...NEW_ROW, pid: 0, orderNum: nodes.length + 1 },
        valuesOf,
        fields: (form, row) => <MenuFields form={form} tree={nodes} editingId={row?.id ?? null} />,
      }}
    />
  );
}
