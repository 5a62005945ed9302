import { type SysUserRow, userAdminApi } from '@ess/contract';
import { Form, Input, Select, Tag, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type DetailItem, EnabledFilter, EnabledSwitch } from '@/components/crud';
import { instantText, labelledInstant, usePlatformTime } from '@/lib/format/platform-time';
import { useFormat } from '@/lib/format/use-format';
import { useUserInfo } from '@/lib/session/api/get-user-info';
import { USER_WRITES, useResetPassword, useSaveUser, useUserOptions, useUserStatus } from '../api/users';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { orgTree, UserForm, type UserValues } from '../components/user-form';

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
  const format = useFormat();
  const clock = usePlatformTime();
  const me = useUserInfo().data?.userId;
  const [resetting, setResetting] = useState<SysUserRow | null>(null);
  const options = useUserOptions();
  const orgs = useMemo(() => orgTree(options.data?.orgs ?? []), [options.data]);
  const save = useSaveUser();
  const status = useUserStatus();
  const reset = useResetPassword();

  /** Why a row may not be changed at all: it holds rights beyond the caller's (docs/architecture.md "Who may grant what"). */
  const beyond = (u: SysUserRow): string | undefined => (u.manageable ? undefined : t('userAdmin.beyond'));
  /** Why a row may not be deleted or disabled, if it may not. */
  const locked = (u: SysUserRow): string | undefined =>
    u.builtin ? t('userAdmin.builtin') : u.id === me ? t('userAdmin.self') : beyond(u);
  const enabledText = (on: boolean) => (on ? t('crud.enabled') : t('crud.disabled'));

  /** The detail drawer's fields of a user. */
  const detailItems = (u: SysUserRow): DetailItem[] => {
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
      { key: 'roles', label: t('userAdmin.roles'), value: format.list(u.roleNames) },
      { key: 'stations', label: t('userAdmin.stations'), value: format.list(stationNames) || null },
      { key: 'enabled', label: t('crud.status'), value: enabledText(u.enabled) },
      { key: 'createTime', label: t('crud.createTime'), value: labelledInstant(clock, u.createTime) },
    ];
  };

  return (
    <CrudPage
      title={t('userAdmin.title')}
      testId="user"
      list={userAdminApi.userPage}
      rowTestKey={(u) => u.username}
      rowName={(u) => u.username}
      invalidate={USER_WRITES}
      actionsWidth={260}
      filters={
        <>
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
          <EnabledFilter placeholder={t('crud.status')} width={110} />
        </>
      }
      columns={[
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
          title: t('crud.status'),
          width: 100,
          render: (_, u) =>
            locked(u) ? (
              <Tag color={u.enabled ? 'success' : 'default'}>{enabledText(u.enabled)}</Tag>
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
          title: clock.withZone(t('crud.createTime')),
          dataIndex: 'createTime',
          sorter: true,
          render: (v: number) => instantText(clock, v),
        },
      ]}
      detail={{ title: (u) => u.username, items: detailItems }}
      rowActions={(u) => [
        {
          key: 'reset',
          label: t('userAdmin.resetPwd'),
          endpoint: userAdminApi.userResetPwd,
          testId: `user-reset-${u.username}`,
          disabled: u.id === me || !u.manageable,
          tooltip: u.id === me ? t('userAdmin.selfReset') : beyond(u),
          onClick: () => setResetting(u),
        },
      ]}
      add={{ endpoint: userAdminApi.userAdd }}
      update={{
        endpoint: userAdminApi.userUpdate,
        // Themself: the form shows their rights without letting them change them.
        blockedBy: (u) => (u.id === me ? undefined : beyond(u)),
      }}
      remove={{ endpoint: userAdminApi.userDelete, input: (u) => ({ id: u.id }), blockedBy: locked }}
      form={{
        defaults: { enabled: true, roleIds: [], stationIds: [] },
        valuesOf: fieldsOf,
        save,
        modal: (p) => (
          <UserForm
            open={p.open}
            user={p.row}
            self={p.row?.id === me}
            initialValues={p.initialValues}
            options={options.data}
            onClose={p.onClose}
            onSubmit={p.onSubmit}
          />
        ),
      }}
      extras={
        <ResetPasswordModal
          user={resetting}
          onClose={() => setResetting(null)}
          onSubmit={(password) => reset(resetting?.id ?? 0, password)}
        />
      }
    />
  );
}
