import { DATA_SCOPES, type RoleRow, roleApi } from '@ess/contract';
import { Form, Input, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  EnabledFilter,
  EnabledSwitch,
  editAction,
  FilterBar,
  type FiltersOf,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { call } from '@/lib/api/client';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { RoleForm, type RoleValues } from '../components/role-form';

type Filters = FiltersOf<typeof roleApi.rolePage>;
type Editing = { role: RoleRow | null; values: Partial<RoleValues> } | null;

/** System menu "roles" (/system/role): menu authorisation and data scope of each role. */
export function RolePage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const table = useServerTable(roleApi.rolePage, filters);
  const options = useEndpoint(roleApi.roleOptions, undefined);
  const after = { invalidate: [roleApi.rolePage, roleApi.roleDetail] };
  const add = useEndpointMutation(roleApi.roleAdd, after);
  const update = useEndpointMutation(roleApi.roleUpdate, after);
  const status = useEndpointMutation(roleApi.roleStatus, after);
  const remove = useEndpointMutation(roleApi.roleDelete, after);

  const edit = async (role: RoleRow) => {
    const d = await call(roleApi.roleDetail, { id: role.id });
    setEditing({
      role,
      values: {
        code: d.code,
        name: d.name,
        description: d.description,
        enabled: d.enabled,
        dataScope: d.dataScope,
        menuIds: d.menuIds,
        orgIds: d.orgIds,
      },
    });
  };

  const columns: ColumnsType<RoleRow> = [
    { key: 'code', title: t('roleAdmin.code'), dataIndex: 'code', sorter: true },
    { key: 'name', title: t('roleAdmin.name'), dataIndex: 'name', sorter: true },
    {
      key: 'dataScope',
      title: t('roleAdmin.dataScope'),
      dataIndex: 'dataScope',
      render: (v: RoleRow['dataScope']) => <Tag>{t(`roleAdmin.scopes.${v}`)}</Tag>,
    },
    {
      key: 'enabled',
      title: t('roleAdmin.enabled'),
      width: 100,
      render: (_, r) =>
        r.builtin ? (
          <Tag color="success">{t('crud.enabled')}</Tag>
        ) : (
          <EnabledSwitch
            checked={r.enabled}
            endpoint={roleApi.roleStatus}
            disabled={!r.manageable}
            testId={`role-enabled-${r.code}`}
            onChange={(enabled) => status.mutate({ id: r.id, enabled })}
          />
        ),
    },
    { key: 'userCount', title: t('roleAdmin.users'), dataIndex: 'userCount', width: 90 },
    {
      key: 'description',
      title: t('roleAdmin.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'createTime',
      title: clock.withZone(t('roleAdmin.createTime')),
      dataIndex: 'createTime',
      sorter: true,
      render: (v: number) => instantText(clock, v),
    },
    {
      key: 'actions',
      title: t('roleAdmin.actions'),
      width: 150,
      render: (_, r) => (
        <RowActions
          actions={[
            editAction(t, {
              endpoint: roleApi.roleUpdate,
              testId: `role-edit-${r.code}`,
              blockedBy: r.manageable ? undefined : t('roleAdmin.beyond'),
              onClick: () => edit(r),
            }),
            deleteAction(t, {
              endpoint: roleApi.roleDelete,
              name: r.name,
              testId: `role-delete-${r.code}`,
              blockedBy: r.builtin
                ? t('roleAdmin.builtin')
                : !r.manageable
                  ? t('roleAdmin.beyond')
                  : r.userCount > 0
                    ? t('roleAdmin.held', { count: r.userCount })
                    : undefined,
              onDelete: () => remove.mutateAsync({ id: r.id }),
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('roleAdmin.title')}
      testId="role-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={roleApi.roleAdd}
          testId="role-add"
          onClick={() =>
            setEditing({ role: null, values: { enabled: true, dataScope: 'org', menuIds: [], orgIds: [] } })
          }
        />
      }
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="name">
            <Input allowClear placeholder={t('roleAdmin.keyword')} />
          </Form.Item>
          <EnabledFilter placeholder={t('roleAdmin.enabled')} />
        </FilterBar>
      }
    >
      <Table<RoleRow> rowKey="id" size="small" columns={columns} {...table.tableProps} data-testid="role-table" />
      <RoleForm
        open={editing !== null}
        role={editing?.role ?? null}
        initialValues={editing?.values ?? {}}
        options={options.data}
        scopes={options.data?.dataScopes ?? DATA_SCOPES}
        onClose={() => setEditing(null)}
        onSubmit={(v) => {
          const role = editing?.role;
          if (!role) return add.mutateAsync(v);
          const { code: _code, ...rest } = v;
          return update.mutateAsync({ ...rest, id: role.id });
        }}
      />
    </ListCard>
  );
}
