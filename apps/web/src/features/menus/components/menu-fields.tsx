import {
  checkMenuUrl,
  MENU_CODE_PATTERN,
  MENU_LIMITS,
  MENU_METHODS,
  type MenuAddInput,
  type MenuAdminNode,
  menuDescendantIds,
  parseMenuPerms,
  STATION_TYPES,
} from '@ess/contract';
import {
  Col,
  ColorPicker,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  TreeSelect,
} from 'antd';
import type { Color } from 'antd/es/color-picker';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { IconPicker } from './icon-picker';

/** What the menu form edits: the add call's body (status 1/0 shown as a switch). */
export type MenuValues = Required<Pick<MenuAddInput, 'pid' | 'code' | 'type'>> &
  Omit<MenuAddInput, 'pid' | 'code' | 'type'>;

type TreeOption = { value: number; title: string; children?: TreeOption[] };

/** Menus (never buttons) that may hold the edited row: not the row itself nor anything below it. */
function parentOptions(tree: MenuAdminNode[], editingId: number | null): TreeOption[] {
  const flat = (nodes: MenuAdminNode[]): MenuAdminNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const excluded = editingId === null ? new Set<number>() : menuDescendantIds(flat(tree), editingId).add(editingId);
  const walk = (nodes: MenuAdminNode[]): TreeOption[] =>
    nodes
      .filter((n) => n.type === 'menu' && !excluded.has(n.id))
      .map((n) => {
        const children = walk(n.children);
        return { value: n.id, title: n.name, ...(children.length > 0 ? { children } : {}) };
      });
  return walk(tree);
}

/** The fields of a menu or button row; url, icon and display fields show only for menus. */
export function MenuFields({
  form,
  tree,
  editingId,
}: {
  form: FormInstance<MenuValues>;
  tree: MenuAdminNode[];
  editingId: number | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const type = Form.useWatch('type', form);
  const stations = useStations(lang);
  const parents = useMemo(
    () => [{ value: 0, title: t('menuAdmin.root') }, ...parentOptions(tree, editingId)],
    [tree, editingId, t],
  );
  const isButton = type === 'button';
  const named: Rule[] = [
    { required: true, whitespace: true, message: t('menuAdmin.problems.nameRequired') },
    { max: MENU_LIMITS.name },
  ];
  const half = { xs: 24, sm: 12 };

  return (
    <Row gutter={12}>
      <Col span={24}>
        <Form.Item name="type" label={t('menuAdmin.type')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'menu', label: t('menuAdmin.typeMenu') },
              { value: 'button', label: t('menuAdmin.typeButton') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="pid"
          label={t('menuAdmin.parent')}
          dependencies={['type']}
          rules={[
            {
              validator: (_, pid: number) =>
                form.getFieldValue('type') === 'button' && pid === 0
                  ? Promise.reject(new Error(t('menuAdmin.problems.buttonRoot')))
                  : Promise.resolve(),
            },
          ]}
        >
          <TreeSelect treeData={parents} treeDefaultExpandAll={false} showSearch={{ treeNodeFilterProp: 'title' }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={['names', 'zh_CN']} label={t('menuAdmin.nameZh')} rules={named}>
          <Input maxLength={MENU_LIMITS.name} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={['names', 'en_US']} label={t('menuAdmin.nameEn')} rules={named}>
          <Input maxLength={MENU_LIMITS.name} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={['names', 'es_ES']} label={t('menuAdmin.nameEs')}>
          <Input maxLength={MENU_LIMITS.name} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={['names', 'ja_JP']} label={t('menuAdmin.nameJa')}>
          <Input maxLength={MENU_LIMITS.name} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="code"
          label={t('menuAdmin.code')}
          rules={[
            { required: true, whitespace: true, message: t('menuAdmin.problems.codeRequired') },
            { pattern: MENU_CODE_PATTERN, message: t('menuAdmin.problems.codeFormat') },
          ]}
        >
          <Input maxLength={MENU_LIMITS.code} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="orderNum" label={t('menuAdmin.orderNum')}>
          <InputNumber min={0} max={MENU_LIMITS.order} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="perms"
          label={t('menuAdmin.perms')}
          extra={t('menuAdmin.permsHint')}
          rules={[
            {
              validator: (_, v: string | null | undefined) =>
                parseMenuPerms(v ?? null) === null
                  ? Promise.reject(new Error(t('menuAdmin.problems.permsFormat')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input maxLength={MENU_LIMITS.perms} />
        </Form.Item>
      </Col>
      {isButton ? (
        <Col {...half}>
          <Form.Item name="method" label={t('menuAdmin.method')}>
            <Select allowClear options={MENU_METHODS.map((m) => ({ value: m, label: m }))} />
          </Form.Item>
        </Col>
      ) : (
        <>
          <Col span={24}>
            <Form.Item
              name="url"
              label={t('menuAdmin.url')}
              extra={t('menuAdmin.urlHint')}
              rules={[
                {
                  validator: (_, v: string | null | undefined) =>
                    v && v.trim() !== '' && checkMenuUrl(v.trim()) !== null
                      ? Promise.reject(new Error(t('menuAdmin.problems.urlFormat')))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input maxLength={MENU_LIMITS.url} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="icon" label={t('menuAdmin.icon')}>
              <IconPicker />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="urlApp" label={t('menuAdmin.urlApp')}>
              <Input maxLength={MENU_LIMITS.url} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="iconApp" label={t('menuAdmin.iconApp')}>
              <Input maxLength={MENU_LIMITS.icon} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="component" label={t('menuAdmin.component')}>
              <Input maxLength={MENU_LIMITS.component} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="show" label={t('menuAdmin.show')}>
              <Select
                options={[
                  { value: 'all', label: t('menuAdmin.showAll') },
                  { value: 'pc', label: t('menuAdmin.showPc') },
                  { value: 'app', label: t('menuAdmin.showApp') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="color"
              label={t('menuAdmin.color')}
              getValueFromEvent={(c: Color) => (c.cleared ? null : c.toHexString())}
            >
              <ColorPicker allowClear format="hex" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="stationTypes" label={t('menuAdmin.stationTypes')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('menuAdmin.allStations')}
                options={STATION_TYPES.map((s) => ({ value: s, label: t(`menuAdmin.${s}`) }))}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="stationIds" label={t('menuAdmin.stationIds')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('menuAdmin.allStations')}
                optionFilterProp="label"
                options={stationsOf(stations.data).map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="hidden" label={t('menuAdmin.hidden')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="external" label={t('menuAdmin.external')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="isConfig" label={t('menuAdmin.isConfig')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </>
      )}
      <Col span={8}>
        <Form.Item
          name="status"
          label={t('crud.status')}
          getValueProps={(v: number | undefined) => ({ checked: v !== 0 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch checkedChildren={t('crud.enabled')} unCheckedChildren={t('crud.disabled')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
