import { type DataScope, ROLE_LIMITS, type RoleOptions, type RoleRow, roleProblem } from '@ess/contract';
import { Alert, Col, Form, Input, Radio, Row, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/crud';
import { MenuAuthTree } from './menu-auth-tree';

export type RoleValues = {
  code: string;
  name: string;
  description?: string | null;
  enabled: boolean;
  dataScope: DataScope;
  menuIds: number[];
  orgIds: number[];
};

type OrgNode = { value: number; title: string; disabled: boolean; children: OrgNode[] };
/** Organisations outside the caller's data scope show, but cannot be chosen. */
function orgTree(orgs: RoleOptions['orgs']): OrgNode[] {
  const build = (pid: number): OrgNode[] =>
    orgs
      .filter((o) => o.pid === pid)
      .map((o) => ({ value: o.id, title: o.name, disabled: !o.grantable, children: build(o.id) }));
  return build(0);
}

/**
 * Add / edit a role: code (fixed once made), name, description, enabled, data scope with its
 * organisations, and the menu tree. Checked like the server: at least one menu row granted
 * ("please authorise menus"), organisations for a custom scope.
 */
export function RoleForm({
  open,
  role,
  initialValues,
  options,
  scopes,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** The role edited; null to add one. */
  role: RoleRow | null;
  initialValues: Partial<RoleValues>;
  options: RoleOptions | undefined;
  scopes: readonly DataScope[];
  onClose: () => void;
  onSubmit: (v: RoleValues) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const menus = options?.menus ?? [];
  const isMenu = useMemo(() => {
    const types = new Map(menus.map((m) => [m.id, m.type]));
    return (id: number) => types.get(id) === 'menu';
  }, [menus]);
  const orgs = useMemo(() => orgTree(options?.orgs ?? []), [options]);
  const limited = options?.menus.some((m) => !m.grantable) ?? false;
  return (
    <FormModal<RoleValues>
      open={open}
      title={role ? t('roleAdmin.editTitle') : t('roleAdmin.addTitle')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={onSubmit}
      width={720}
      testId="role-form"
    >
      {(form) => (
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="code"
              label={t('roleAdmin.code')}
              rules={[
                { required: true, whitespace: true, message: t('roleAdmin.codeRequired') },
                { pattern: /^\s*[A-Za-z][A-Za-z0-9_:-]*\s*$/, message: t('roleAdmin.codeFormat') },
              ]}
            >
              <Input maxLength={ROLE_LIMITS.code} disabled={role !== null} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('roleAdmin.name')}
              rules={[{ required: true, whitespace: true, message: t('roleAdmin.nameRequired') }]}
            >
              <Input maxLength={ROLE_LIMITS.name} />
            </Form.Item>
          </Col>
          <Col span={18}>
            <Form.Item name="description" label={t('roleAdmin.description')}>
              <Input maxLength={ROLE_LIMITS.description} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={t('crud.status')} valuePropName="checked">
              <Switch disabled={role?.builtin} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="dataScope" label={t('roleAdmin.dataScope')}>
              <Radio.Group
                options={scopes.map((s) => ({ value: s, label: t(`roleAdmin.scopes.${s}`) }))}
                optionType="button"
              />
            </Form.Item>
          </Col>
          <Form.Item noStyle dependencies={['dataScope']}>
            {() =>
              form.getFieldValue('dataScope') === 'custom' ? (
                <Col span={24}>
                  <Form.Item
                    name="orgIds"
                    label={t('roleAdmin.orgs')}
                    rules={[{ required: true, type: 'array', min: 1, message: t('roleAdmin.orgsRequired') }]}
                  >
                    <TreeSelect
                      treeData={orgs}
                      treeCheckable
                      showCheckedStrategy={TreeSelect.SHOW_ALL}
                      treeDefaultExpandAll
                      data-testid="role-orgs"
                    />
                  </Form.Item>
                </Col>
              ) : null
            }
          </Form.Item>
          <Col span={24}>
            {role?.builtin ? <Alert type="info" showIcon title={t('roleAdmin.adminMenus')} /> : null}
            {limited ? (
              <Alert type="info" showIcon title={t('roleAdmin.grantHint')} data-testid="role-grant-hint" />
            ) : null}
            <Form.Item
              name="menuIds"
              label={t('roleAdmin.menus')}
              rules={[
                {
                  validator: (_, ids: number[] | undefined) =>
                    roleProblem({ menuIds: ids ?? [], dataScope: 'all', orgIds: [] }, isMenu)
                      ? Promise.reject(new Error(t('roleAdmin.menusRequired')))
                      : Promise.resolve(),
                },
              ]}
            >
              <MenuAuthTree menus={menus} disabled={role?.builtin} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </FormModal>
  );
}
