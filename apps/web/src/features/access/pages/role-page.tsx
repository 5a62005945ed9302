import { DATA_SCOPES, type RoleRow, roleApi } from '@ess/contract';
import { Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, EnabledFilter, EnabledSwitch } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { loadRole, ROLE_WRITES, useRoleOptions, useRoleStatus } from '../api/roles';
import { RoleForm, type RoleValues } from '../components/role-form';

/** System menu "roles" (/system/role): menu authorisation and data scope of each role. */
export function RolePage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const options = useRoleOptions();
  const status = useRoleStatus();
  const beyond = (r: RoleRow) => (r.manageable ? undefined : t('roleAdmin.beyond'));
  return (
    <CrudPage
      title={t('roleAdmin.title')}
      testId="role"
      list={roleApi.rolePage}
      rowTestKey={(r) => r.code}
      rowName={(r) => r.name}
      invalidate={ROLE_WRITES}
      filters={
        <>
          <Form.Item name="name">
            <Input allowClear placeholder={t('roleAdmin.keyword')} />
          </Form.Item>
          <EnabledFilter placeholder={t('crud.status')} />
        </>
      }
      columns={[
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
          title: t('crud.status'),
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
          title: clock.withZone(t('crud.createTime')),
          dataIndex: 'createTime',
          sorter: true,
          render: (v: number) => instantText(clock, v),
        },
      ]}
      add={{ endpoint: roleApi.roleAdd, input: (v: RoleValues) => v }}
      update={{
        endpoint: roleApi.roleUpdate,
        // The code is fixed once made.
        input: ({ code: _code, ...rest }, r) => ({ ...rest, id: r.id }),
        blockedBy: beyond,
      }}
      remove={{
        endpoint: roleApi.roleDelete,
        input: (r) => ({ id: r.id }),
        blockedBy: (r) =>
          r.builtin
            ? t('roleAdmin.builtin')
            : (beyond(r) ?? (r.userCount > 0 ? t('roleAdmin.held', { count: r.userCount }) : undefined)),
      }}
      form={{
        defaults: { enabled: true, dataScope: 'org', menuIds: [], orgIds: [] },
        load: loadRole,
        modal: (p) => (
          <RoleForm
            open={p.open}
            role={p.row}
            initialValues={p.initialValues}
            options={options.data}
            scopes={options.data?.dataScopes ?? DATA_SCOPES}
            onClose={p.onClose}
            onSubmit={p.onSubmit}
          />
        ),
      }}
    />
  );
}
