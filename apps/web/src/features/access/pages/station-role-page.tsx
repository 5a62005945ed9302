import { type StationRoleRow, stationRoleApi } from '@ess/contract';
import { Alert, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { useStationRoleOptions } from '../api/station-roles';

type Values = { userId: number; stationId: number; roleId: number };

/** System menu "station roles" (/system/station-role): a user's role at one station. */
export function StationRolePage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const options = useStationRoleOptions().data;

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
  const beyond = (r: StationRoleRow) => (r.manageable ? undefined : t('stationRoleAdmin.beyond'));

  return (
    <CrudPage
      title={t('stationRoleAdmin.title')}
      testId="station-role"
      list={stationRoleApi.stationRolePage}
      rowTestKey={(r) => r.id}
      rowName={(r) => `${r.username} · ${r.stationName}`}
      filters={
        <>
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
        </>
      }
      columns={[
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
          title: clock.withZone(t('crud.createTime')),
          dataIndex: 'createTime',
          sorter: true,
          render: (v: number) => instantText(clock, v),
        },
      ]}
      add={{ endpoint: stationRoleApi.stationRoleAdd, input: (v: Values) => v }}
      update={{ endpoint: stationRoleApi.stationRoleUpdate, input: (v, r) => ({ ...v, id: r.id }), blockedBy: beyond }}
      remove={{ endpoint: stationRoleApi.stationRoleDelete, input: (r) => ({ id: r.id }), blockedBy: beyond }}
      form={{
        titles: { add: t('stationRoleAdmin.addTitle'), edit: t('stationRoleAdmin.editTitle') },
        valuesOf: (r) => ({ userId: r.userId, stationId: r.stationId, roleId: r.roleId }),
        fields: (
          <>
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
          </>
        ),
      }}
    />
  );
}
