import { type SysUserRow, userAdminApi } from '@ess/contract';
import { Form, Input, Select, Table, Tag, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  DetailDrawer,
  type DetailItem,
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
import { useEndpoint } from '@/lib/api/endpoint-query';
import { instantText, labelledInstant, usePlatformTime } from '@/lib/format/platform-time';
import { useUserInfo } from '@/lib/session/api/get-user-info';
import { seal, withSealed } from '@/lib/session/api/public-key';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { orgTree, UserForm, type UserValues } from '../components/user-form';

type Filters = FiltersOf<typeof userAdminApi.userPage>;
type Editing = { user: SysUserRow | null; values: Partial<UserValues> } | null;

const fieldsOf = (u: SysUserRow): Partial<UserValues> => ({
  username: u.username,
  realName: u.realName ?? '',
  nickname: u.nickname,
  phone: u.phone ?? '',
  email: u.email,
  sex: u.sex,
  deptId: u.deptId,
  postId: u.postId,
  roleIds: u.roleIds,
  stationIds: u.stationIds,
  enabled: u.enabled,
});

/** System menu "users" (/system/user): accounts, their roles, organisation and station grants. */
export function UserPage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const me = useUserInfo().data?.userId;
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [resetting, setResetting] = useState<SysUserRow | null>(null);
  const [viewing, setViewing] = useState<SysUserRow | null>(null);
  const table = useServerTable(userAdminApi.userPage, filters);
  const options = useEndpoint(userAdminApi.userOptions, undefined);
  const orgs = useMemo(() => orgTree(options.data?.orgs ?? []), [options.data]);
  const after = { invalidate: [userAdminApi.userPage, userAdminApi.userDetail] };
  const add = useEndpointMutation(userAdminApi.userAdd, after);
  const update = useEndpointMutation(userAdminApi.userUpdate, after);
  const status = useEndpointMutation(userAdminApi.userStatus, after);
  const reset = useEndpointMutation(userAdminApi.userResetPwd, after);
  const remove = useEndpointMutation(userAdminApi.userDelete, after);

  const save = async (v: UserValues) => {
    const { username, password, ...fields } = v;
    const body = { ...fields, stationIds: fields.stationIds ?? [] };
    if (editing?.user) return update.mutateAsync({ ...body, id: editing.user.id });
    return withSealed(async () => add.mutateAsync({ ...body, username, password: await seal(password) }));
  };

  /** Why a row may not be deleted or disabled, if it may not. */
  const locked = (u: SysUserRow): string | undefined =>
    u.builtin ? t('userAdmin.builtin') : u.id === me ? t('userAdmin.self') : beyond(u);
  /** Why a row may not be changed at all: it holds rights beyond the caller's (docs/architecture.md "Who may grant what"). */
  const beyond = (u: SysUserRow): string | undefined => (u.manageable ? undefined : t('userAdmin.beyond'));

  /** The detail drawer's fields of a user. */
  const detailItems = (u: SysUserRow | null): DetailItem[] => {
    if (!u) return [];
    const stations = options.data?.stations ?? [];
    const stationNames = u.stationIds.map((id) => stations.find((s) => s.id === id)?.name ?? `#${id}`);
    return [
      { key: 'username', label: t('userAdmin.username'), value: u.username },
      { key: 'realName', label: t('userAdmin.realName'), value: u.realName },
      { key: 'nickname', label: t('userAdmin.nickname'), value: u.nickname },
      { key: 'phone', label: t('userAdmin.phone'), value: u.phone },
      { key: 'email', label: t('userAdmin.email'), value: u.email },
      { key: 'sex', label: t('userAdmin.sex'), value: u.sex === null ? null : t(`userAdmin.sexes.${u.sex}`) },
      { key: 'dept', label: t('userAdmin.dept'), value: u.deptName },
      { key: 'post', label: t('userAdmin.post'), value: u.postName },
      { key: 'roles', label: t('userAdmin.roles'), value: u.roleNames.join(', ') },
      { key: 'stations', label: t('userAdmin.stations'), value: stationNames.join(', ') || null },
      { key: 'enabled', label: t('userAdmin.enabled'), value: u.enabled ? t('crud.enabled') : t('crud.disabled') },
      { key: 'createTime', label: t('userAdmin.createTime'), value: labelledInstant(clock, u.createTime) },
    ];
  };

  const columns: ColumnsType<SysUserRow> = [
    { key: 'username', title: t('userAdmin.username'), dataIndex: 'username', sorter: true },
    { key: 'realName', title: t('userAdmin.realName'), dataIndex: 'realName', sorter: true },
    { key: 'phone', title: t('userAdmin.phone'), dataIndex: 'phone' },
    { key: 'dept', title: t('userAdmin.dept'), dataIndex: 'deptName', render: (v: string | null) => v ?? '-' },
    {
      key: 'roles',
      title: t('userAdmin.roles'),
      render: (_, u) => u.roleNames.map((n) => <Tag key={n}>{n}</Tag>),
    },
    {
      key: 'enabled',
      title: t('userAdmin.enabled'),
      width: 100,
      render: (_, u) =>
        locked(u) ? (
          <Tag color={u.enabled ? 'success' : 'default'}>{u.enabled ? t('crud.enabled') : t('crud.disabled')}</Tag>
        ) : (
          <EnabledSwitch
            checked={u.enabled}
            endpoint={userAdminApi.userStatus}
            testId={`user-enabled-${u.username}`}
            onChange={(enabled) => status.mutate({ id: u.id, enabled })}
          />
        ),
    },
    {
      key: 'createTime',
      title: clock.withZone(t('userAdmin.createTime')),
      dataIndex: 'createTime',
      sorter: true,
      render: (v: number) => instantText(clock, v),
    },
    {
      key: 'actions',
      title: t('userAdmin.actions'),
      width: 260,
      render: (_, u) => (
        <RowActions
          actions={[
            {
              key: 'detail',
              label: t('crud.detail'),
              testId: `user-detail-${u.username}`,
              onClick: () => setViewing(u),
            },
            editAction(t, {
              endpoint: userAdminApi.userUpdate,
              testId: `user-edit-${u.username}`,
              // Themself: the form shows their rights without letting them change them.
              blockedBy: u.id === me ? undefined : beyond(u),
              onClick: () => setEditing({ user: u, values: fieldsOf(u) }),
            }),
            {
              key: 'reset',
              label: t('userAdmin.resetPwd'),
              endpoint: userAdminApi.userResetPwd,
              testId: `user-reset-${u.username}`,
              disabled: u.id === me || !u.manageable,
              tooltip: u.id === me ? t('userAdmin.selfReset') : beyond(u),
              onClick: () => setResetting(u),
            },
            deleteAction(t, {
              endpoint: userAdminApi.userDelete,
              name: u.username,
              testId: `user-delete-${u.username}`,
              blockedBy: locked(u),
              onDelete: () => remove.mutateAsync({ id: u.id }),
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('userAdmin.title')}
      testId="user-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={userAdminApi.userAdd}
          testId="user-add"
          onClick={() => setEditing({ user: null, values: { enabled: true, roleIds: [], stationIds: [] } })}
        />
      }
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="name">
            <Input allowClear placeholder={t('userAdmin.keyword')} />
          </Form.Item>
          <Form.Item name="phone">
            <Input allowClear placeholder={t('userAdmin.phone')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="deptId">
            <TreeSelect
              allowClear
              placeholder={t('userAdmin.dept')}
              treeData={orgs}
              treeDefaultExpandAll
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item name="roleId">
            <Select
              allowClear
              placeholder={t('userAdmin.roles')}
              style={{ width: 140 }}
              options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
          <EnabledFilter placeholder={t('userAdmin.enabled')} width={110} />
        </FilterBar>
      }
    >
      <Table<SysUserRow> rowKey="id" size="small" columns={columns} {...table.tableProps} data-testid="user-table" />
      <UserForm
        open={editing !== null}
        user={editing?.user ?? null}
        self={editing?.user?.id === me}
        initialValues={editing?.values ?? {}}
        options={options.data}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <DetailDrawer
        open={viewing !== null}
        title={viewing?.username ?? ''}
        onClose={() => setViewing(null)}
        testId="user-detail"
        items={detailItems(viewing)}
      />
      <ResetPasswordModal
        user={resetting}
        onClose={() => setResetting(null)}
        onSubmit={(password) =>
          withSealed(async () => reset.mutateAsync({ id: resetting?.id ?? 0, password: await seal(password) }))
        }
      />
    </ListCard>
  );
}
