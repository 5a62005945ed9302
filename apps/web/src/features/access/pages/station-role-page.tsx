import { type StationRoleRow, stationRoleApi } from '@ess/contract';
import { Alert, Form, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  editAction,
  FilterBar,
  type FiltersOf,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';

type Filters = FiltersOf<typeof stationRoleApi.stationRolePage>;
type Values = { userId: number; stationId: number; roleId: number };
type Editing = { id: number | null; values: Partial<Values> } | null;

/** System menu "station roles" (/system/station-role): a user's role at one station. */
export function StationRolePage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const table = useServerTable(stationRoleApi.stationRolePage, filters);
  const options = useEndpoint(stationRoleApi.stationRoleOptions, undefined).data;
  const after = { invalidate: [stationRoleApi.stationRolePage] };
  const add = useEndpointMutation(stationRoleApi.stationRoleAdd, after);
  const update = useEndpointMutation(stationRoleApi.stationRoleUpdate, after);
  const remove = useEndpointMutation(stationRoleApi.stationRoleDelete, after);

  const userOptions = (options?.users ?? []).map((u) => ({
    value: u.id,
    label: u.realName ? `${u.realName} (${u.username})` : u.username,
  }));
  const stationOptions = (options?.stations ?? []).map((s) => ({ value: s.id, label: s.name }));
  const roleFilter = (options?.roles ?? []).map((r) => ({ value: r.id, label: r.name }));
  // Roles the caller does not wholly hold cannot be given (docs/architecture.md "Who may grant what").
  const roleOptions = (options?.roles ?? []).map((r) => ({
    value: r.id,
    label: r.name,
    disabled: !r.enabled || !r.grantable,
  }));

  const columns: ColumnsType<StationRoleRow> = [
    {
      key: 'username',
      title: t('stationRoleAdmin.user'),
      sorter: true,
      render: (_, r) => (r.realName ? `${r.realName} (${r.username})` : r.username),
    },
    { key: 'stationName', title: t('stationRoleAdmin.station'), dataIndex: 'stationName', sorter: true },
    {
      key: 'roleName',
      title: t('stationRoleAdmin.role'),
      sorter: true,
      render: (_, r) => (
        <>
          {r.roleName} {r.roleEnabled ? null : <Tag>{t('stationRoleAdmin.roleOff')}</Tag>}
        </>
      ),
    },
    {
      key: 'createTime',
      title: clock.withZone(t('stationRoleAdmin.createTime')),
      dataIndex: 'createTime',
      sorter: true,
      render: (v: number) => instantText(clock, v),
    },
    {
      key: 'actions',
      title: t('stationRoleAdmin.actions'),
      width: 150,
      render: (_, r) => (
        <RowActions
          actions={[
            editAction(t, {
              endpoint: stationRoleApi.stationRoleUpdate,
              testId: `station-role-edit-${r.id}`,
              blockedBy: r.manageable ? undefined : t('stationRoleAdmin.beyond'),
              onClick: () =>
                setEditing({ id: r.id, values: { userId: r.userId, stationId: r.stationId, roleId: r.roleId } }),
            }),
            deleteAction(t, {
              endpoint: stationRoleApi.stationRoleDelete,
              name: `${r.username} · ${r.stationName}`,
              testId: `station-role-delete-${r.id}`,
              blockedBy: r.manageable ? undefined : t('stationRoleAdmin.beyond'),
              onDelete: () => remove.mutateAsync({ id: r.id }),
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('stationRoleAdmin.title')}
      testId="station-role-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={stationRoleApi.stationRoleAdd}
          testId="station-role-add"
          onClick={() => setEditing({ id: null, values: {} })}
        />
      }
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="name">
            <Input allowClear placeholder={t('stationRoleAdmin.keyword')} />
          </Form.Item>
          <Form.Item name="stationId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('stationRoleAdmin.station')}
              style={{ width: 180 }}
              options={stationOptions}
            />
          </Form.Item>
          <Form.Item name="roleId">
            <Select allowClear placeholder={t('stationRoleAdmin.role')} style={{ width: 140 }} options={roleFilter} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<StationRoleRow>
        rowKey="id"
        size="small"
        columns={columns}
        {...table.tableProps}
        data-testid="station-role-table"
      />
      <FormModal<Values>
        open={editing !== null}
        title={editing?.id ? t('stationRoleAdmin.editTitle') : t('stationRoleAdmin.addTitle')}
        initialValues={editing?.values ?? {}}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? update.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
        testId="station-role-form"
      >
        <Alert type="info" showIcon title={t('stationRoleAdmin.hint')} style={{ marginBottom: 12 }} />
        <Form.Item
          name="userId"
          label={t('stationRoleAdmin.user')}
          rules={[{ required: true, message: t('stationRoleAdmin.userRequired') }]}
        >
          <Select showSearch optionFilterProp="label" options={userOptions} data-testid="station-role-user" />
        </Form.Item>
        <Form.Item
          name="stationId"
          label={t('stationRoleAdmin.station')}
          rules={[{ required: true, message: t('stationRoleAdmin.stationRequired') }]}
        >
          <Select showSearch optionFilterProp="label" options={stationOptions} data-testid="station-role-station" />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('stationRoleAdmin.role')}
          rules={[{ required: true, message: t('stationRoleAdmin.roleRequired') }]}
        >
          <Select options={roleOptions} data-testid="station-role-role" />
        </Form.Item>
      </FormModal>
    </ListCard>
  );
}
