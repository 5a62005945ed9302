import {
  checkEmail,
  checkPasswordLength,
  checkPhone,
  type SysUserRow,
  USER_LIMITS,
  USER_SEXES,
  type UserOptions,
} from '@ess/contract';
import { Alert, Col, Form, Input, Row, Select, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/crud';

export type UserValues = {
  username: string;
  password: string;
  realName: string;
  nickname?: string | null;
  phone: string;
  email?: string | null;
  sex?: (typeof USER_SEXES)[number] | null;
  deptId?: number | null;
  postId?: number | null;
  roleIds: number[];
  stationIds: number[];
  enabled: boolean;
};

type OrgNode = { value: number; title: string; disabled?: boolean; children: OrgNode[] };
/**
 * The organisations the caller sees as a tree: each under its parent when the parent is listed,
 * else a root (a delegated administrator's own organisation). `placing`: those a user may not
 * be placed in (not wholly in the caller's data scope) show disabled.
 */
export function orgTree(orgs: UserOptions['orgs'], placing = false): OrgNode[] {
  const listed = new Set(orgs.map((o) => o.id));
  const build = (isChild: (o: UserOptions['orgs'][number]) => boolean): OrgNode[] =>
    orgs.filter(isChild).map((o) => ({
      value: o.id,
      title: o.name,
      ...(placing ? { disabled: !o.placeable } : {}),
      children: build((c) => c.pid === o.id && c.id !== o.id),
    }));
  return build((o) => !listed.has(o.pid) || o.pid === o.id);
}

const VALIDATION_KEYS = [
  'validation.phoneEmpty',
  'validation.phoneLength',
  'validation.phoneFormat',
  'validation.emailFormat',
  'validation.passwordLength',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];
const validationKey = (k: string): ValidationKey => VALIDATION_KEYS.find((v) => v === k) ?? 'validation.phoneFormat';

/**
 * A form rule from a contract check, with its spec 5 message. Text is trimmed as the server's
 * schema trims it; passwords are not.
 */
export const checkRule =
  (check: (v: string) => string | null, t: (key: ValidationKey) => string, trim = true): Rule =>
  () => ({
    validator: (_, v: string | undefined) => {
      const problem = check(trim ? (v ?? '').trim() : (v ?? ''));
      return problem ? Promise.reject(new Error(t(validationKey(problem)))) : Promise.resolve();
    },
  });

/**
 * Add / edit a user. Validated exactly like the server: phone (required, 11 digits, format —
 * spec 5's messages), e-mail format when given, password 6–18 when adding, at least one role.
 * The login name is fixed once made; passwords change through "reset password". Roles the
 * caller does not wholly hold and organisations outside their data scope cannot be chosen, and
 * nobody changes their own roles, organisation or stations (`self`).
 */
export function UserForm({
  open,
  user,
  self,
  initialValues,
  options,
  onClose,
  onSubmit,
}: {
  open: boolean;
  user: SysUserRow | null;
  /** The user edited is the caller: their rights are shown, not editable. */
  self?: boolean;
  initialValues: Partial<UserValues>;
  options: UserOptions | undefined;
  onClose: () => void;
  onSubmit: (v: UserValues) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const orgs = useMemo(() => orgTree(options?.orgs ?? [], true), [options]);
  const say = (k: ValidationKey) => t(k);
  return (
    <FormModal<UserValues>
      open={open}
      title={user ? t('userAdmin.editTitle') : t('userAdmin.addTitle')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={onSubmit}
      width={720}
      testId="user-form"
    >
      <Row gutter={12}>
        {self ? (
          <Col span={24}>
            <Alert type="info" showIcon title={t('userAdmin.selfRights')} style={{ marginBottom: 12 }} />
          </Col>
        ) : null}
        <Col span={12}>
          <Form.Item
            name="username"
            label={t('userAdmin.username')}
            rules={[
              { required: true, whitespace: true, message: t('userAdmin.usernameRequired') },
              { pattern: /^\s*[A-Za-z0-9_.@-]+\s*$/, message: t('userAdmin.usernameFormat') },
            ]}
          >
            <Input maxLength={USER_LIMITS.username} disabled={user !== null} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          {user ? null : (
            <Form.Item
              name="password"
              label={t('userAdmin.password')}
              rules={[
                { required: true, message: t('userAdmin.passwordRequired') },
                checkRule(checkPasswordLength, say, false),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
        </Col>
        <Col span={12}>
          <Form.Item
            name="realName"
            label={t('userAdmin.realName')}
            rules={[{ required: true, whitespace: true, message: t('userAdmin.realNameRequired') }]}
          >
            <Input maxLength={USER_LIMITS.name} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="nickname" label={t('userAdmin.nickname')}>
            <Input maxLength={USER_LIMITS.name} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="phone" label={t('userAdmin.phone')} required rules={[checkRule(checkPhone, say)]}>
            <Input maxLength={USER_LIMITS.phone} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="email"
            label={t('userAdmin.email')}
            rules={[checkRule((v) => (v ? checkEmail(v) : null), say)]}
          >
            <Input maxLength={USER_LIMITS.email} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sex" label={t('userAdmin.sex')}>
            <Select allowClear options={USER_SEXES.map((s) => ({ value: s, label: t(`userAdmin.sexes.${s}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enabled" label={t('crud.status')} valuePropName="checked">
            <Switch disabled={user?.builtin} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="roleIds"
            label={t('userAdmin.roles')}
            rules={[{ required: true, type: 'array', min: 1, message: t('userAdmin.rolesRequired') }]}
          >
            <Select
              mode="multiple"
              optionFilterProp="label"
              disabled={self}
              data-testid="user-roles"
              options={(options?.roles ?? []).map((r) => ({
                value: r.id,
                label: r.name,
                disabled: !r.enabled || !r.grantable,
                title: r.grantable ? undefined : t('userAdmin.notGrantable'),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="deptId" label={t('userAdmin.dept')}>
            <TreeSelect allowClear treeData={orgs} treeDefaultExpandAll disabled={self} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="postId" label={t('userAdmin.post')}>
            <Select
              allowClear
              options={(options?.posts ?? []).map((p) => ({ value: p.id, label: p.name, disabled: !p.enabled }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="stationIds" label={t('userAdmin.stations')} tooltip={t('userAdmin.stationsHint')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              disabled={self}
              data-testid="user-stations"
              options={(options?.stations ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
