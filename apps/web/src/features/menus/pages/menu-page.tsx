import { type MenuAdminNode, menuAdminApi } from '@ess/contract';
import { Button, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  editAction,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
} from '@/components/crud';
import { MenuIcon } from '@/components/menu-icon';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { MenuFields, type MenuValues } from '../components/menu-fields';

/** A tree row as the table shows it: leaves carry no `children` (no expand icon). */
type Row = Omit<MenuAdminNode, 'children'> & { children?: Row[] };
type Editing = { id: number | null; values: Partial<MenuValues> } | null;

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
  const tree = useEndpoint(menuAdminApi.menuTree, {});
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const after = { invalidate: [menuAdminApi.menuTree] };
  const add = useEndpointMutation(menuAdminApi.menuAdd, after);
  const update = useEndpointMutation(menuAdminApi.menuUpdate, after);
  const remove = useEndpointMutation(menuAdminApi.menuDelete, after);

  const nodes = tree.data ?? [];
  const rows = useMemo(() => filterRows(toRows(tree.data ?? []), text.trim()), [tree.data, text]);
  // While searching every matching branch is open.
  const expandedKeys = text.trim() === '' ? expanded : idsOf(rows);

  const columns: ColumnsType<Row> = [
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
      title: t('menuAdmin.status'),
      width: 90,
      render: (_, r) =>
        r.status === 1 ? (
          <Tag color="success">{t('menuAdmin.enabled')}</Tag>
        ) : (
          <Tag color="error">{t('menuAdmin.disabled')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('menuAdmin.actions'),
      width: 200,
      render: (_, r) => (
        <RowActions
          actions={[
            ...(r.type === 'menu'
              ? [
                  {
                    key: 'addChild',
                    label: t('menuAdmin.addChild'),
                    endpoint: menuAdminApi.menuAdd,
                    testId: `menu-add-child-${r.code}`,
                    onClick: () =>
                      setEditing({
                        id: null,
                        values: { ...NEW_ROW, pid: r.id, orderNum: (r.children?.length ?? 0) + 1 },
                      }),
                  },
                ]
              : []),
            editAction(t, {
              endpoint: menuAdminApi.menuUpdate,
              testId: `menu-edit-${r.code}`,
              onClick: () => setEditing({ id: r.id, values: valuesOf(r) }),
            }),
            deleteAction(t, {
              endpoint: menuAdminApi.menuDelete,
              name: r.name,
              testId: `menu-delete-${r.code}`,
              blockedBy: (r.children?.length ?? 0) > 0 ? t('menuAdmin.hasChildren') : undefined,
              onDelete: () => remove.mutateAsync({ id: r.id }),
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('menuAdmin.title')}
      testId="menu-page"
      failed={tree.isError && !tree.data}
      toolbar={
        <AddButton
          endpoint={menuAdminApi.menuAdd}
          label={t('menuAdmin.addRoot')}
          testId="menu-add-root"
          onClick={() => setEditing({ id: null, values: { ...NEW_ROW, pid: 0, orderNum: nodes.length + 1 } })}
        />
      }
      filters={
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
    >
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching && !tree.isError}
        pagination={false}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: setExpanded }}
        data-testid="menu-table"
      />
      <FormModal<MenuValues>
        open={editing !== null}
        title={editing?.id ? t('menuAdmin.editTitle') : t('menuAdmin.addTitle')}
        initialValues={editing?.values ?? NEW_ROW}
        width={720}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (editing?.id) return update.mutateAsync({ ...v, id: editing.id });
          await add.mutateAsync(v);
          // The new row shows under its parent, opened for it.
          setExpanded((keys) => [...new Set([...keys, v.pid])]);
        }}
        testId="menu-form"
      >
        {(form) => <MenuFields form={form} tree={nodes} editingId={editing?.id ?? null} />}
      </FormModal>
    </ListCard>
  );
}
