import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EQUIPMENT_LIMITS, POINT_KINDS, RESERVED_POINT_CODES } from '@ess/contract';
import { Button, Checkbox, Form, type FormInstance, Input, InputNumber, Select, Table } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { emptyPoint, type PointFormValues } from './point-values';

const POINT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const jsonRule = (message: string) => ({
  validator: (_: unknown, v: string | undefined) => {
    if (!v?.trim()) return Promise.resolve();
    try {
      JSON.parse(v);
      return Promise.resolve();
    } catch {
      return Promise.reject(new Error(message));
    }
  },
});

/**
 * The point list of a model form (Form.List `points`): one row per point with the rules the
 * server applies (code format, reserved names, duplicates, min ≤ max, JSON of states and limits).
 */
export function PointListField({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const codes = (): string[] =>
    ((form.getFieldValue('points') as PointFormValues[] | undefined) ?? []).map((p) => p?.code?.trim() ?? '');

  return (
    <Form.List name="points">
      {(fields, { add, remove }) => {
        const cell = (field: FormListFieldData, name: string | string[], node: React.ReactNode, rules = []) => (
          <Form.Item name={[field.name, ...([] as string[]).concat(name)]} rules={rules} style={{ margin: 0 }}>
            {node}
          </Form.Item>
        );
        const columns: ColumnsType<FormListFieldData> = [
          {
            key: 'code',
            title: t('equipment.pointCode'),
            width: 130,
            render: (_, f) => (
              <Form.Item
                name={[f.name, 'code']}
                style={{ margin: 0 }}
                rules={[
                  { required: true, whitespace: true, message: t('equipment.codeRequired') },
                  {
                    validator: (_r, v: string | undefined) =>
                      !v || (POINT_CODE.test(v.trim()) && !RESERVED_POINT_CODES.has(v.trim()))
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('equipment.pointCodeFormat'))),
                  },
                  {
                    validator: (_r, v: string | undefined) =>
                      v && codes().filter((c) => c === v.trim()).length > 1
                        ? Promise.reject(new Error(t('equipment.pointCodeDuplicate', { code: v.trim() })))
                        : Promise.resolve(),
                  },
                ]}
              >
                <Input maxLength={64} data-testid={`point-code-${f.name}`} />
              </Form.Item>
            ),
          },
          ...(['zh_CN', 'en_US', 'es_ES', 'ja_JP'] as const).map((lang) => ({
            key: lang,
            title: t(
              lang === 'zh_CN'
                ? 'equipment.nameZh'
                : lang === 'en_US'
                  ? 'equipment.nameEn'
                  : lang === 'es_ES'
                    ? 'equipment.nameEs'
                    : 'equipment.nameJa',
            ),
            width: 130,
            render: (_: unknown, f: FormListFieldData) => (
              <Form.Item
                name={[f.name, 'names', lang]}
                style={{ margin: 0 }}
                rules={
                  lang === 'zh_CN' ? [{ required: true, whitespace: true, message: t('equipment.nameRequired') }] : []
                }
              >
                <Input maxLength={EQUIPMENT_LIMITS.nameMax} data-testid={`point-name-${lang}-${f.name}`} />
              </Form.Item>
            ),
          })),
          {
            key: 'unit',
            title: t('equipment.unit'),
            width: 80,
            render: (_, f) => cell(f, 'unit', <Input maxLength={EQUIPMENT_LIMITS.unitMax} />),
          },
          {
            key: 'kind',
            title: t('equipment.kind'),
            width: 110,
            render: (_, f) =>
              cell(
                f,
                'kind',
                <Select options={POINT_KINDS.map((k) => ({ value: k, label: t(`equipment.kinds.${k}`) }))} />,
              ),
          },
          {
            key: 'precision',
            title: t('equipment.precision'),
            width: 80,
            render: (_, f) =>
              cell(f, 'precision', <InputNumber min={0} max={EQUIPMENT_LIMITS.precisionMax} precision={0} />),
          },
          {
            key: 'min',
            title: t('equipment.min'),
            width: 100,
            render: (_, f) => cell(f, 'min', <InputNumber style={{ width: '100%' }} />),
          },
          {
            key: 'max',
            title: t('equipment.max'),
            width: 100,
            render: (_, f) => (
              <Form.Item
                name={[f.name, 'max']}
                style={{ margin: 0 }}
                dependencies={[['points', f.name, 'min']]}
                rules={[
                  {
                    validator: (_r, v: number | null | undefined) => {
                      const min = form.getFieldValue(['points', f.name, 'min']) as number | null | undefined;
                      return v != null && min != null && min > v
                        ? Promise.reject(new Error(t('equipment.minMax')))
                        : Promise.resolve();
                    },
                  },
                ]}
              >
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            ),
          },
          {
            key: 'counter',
            title: t('equipment.counter'),
            width: 70,
            render: (_, f) => (
              <Form.Item name={[f.name, 'counter']} valuePropName="checked" style={{ margin: 0 }}>
                <Checkbox />
              </Form.Item>
            ),
          },
          {
            key: 'fast',
            title: t('equipment.fast'),
            width: 70,
            render: (_, f) => (
              <Form.Item name={[f.name, 'fast']} valuePropName="checked" style={{ margin: 0 }}>
                <Checkbox />
              </Form.Item>
            ),
          },
          {
            key: 'states',
            title: t('equipment.states'),
            width: 160,
            render: (_, f) => (
              <Form.Item
                name={[f.name, 'statesText']}
                style={{ margin: 0 }}
                rules={[jsonRule(t('equipment.jsonInvalid'))]}
              >
                <Input placeholder='{"0":{"en_US":"Stopped"}}' />
              </Form.Item>
            ),
          },
          {
            key: 'limit',
            title: t('equipment.limit'),
            width: 160,
            render: (_, f) => (
              <Form.Item
                name={[f.name, 'limitText']}
                style={{ margin: 0 }}
                rules={[jsonRule(t('equipment.jsonInvalid'))]}
              >
                <Input placeholder='{"alarmAbove":55}' />
              </Form.Item>
            ),
          },
          {
            key: 'remove',
            width: 50,
            fixed: 'right',
            render: (_, f) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('equipment.removePoint')}
                onClick={() => remove(f.name)}
              />
            ),
          },
        ];
        return (
          <>
            <Table<FormListFieldData>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={fields}
              pagination={false}
              scroll={{ x: 1600, y: 360 }}
              data-testid="point-list"
            />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(emptyPoint())}
              style={{ marginTop: 8 }}
              data-testid="point-add"
            >
              {t('equipment.addPoint')}
            </Button>
          </>
        );
      }}
    </Form.List>
  );
}
