import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Filter values without empty ones: '' and null mean "no filter"; text is trimmed. */
export function compactFilters<V extends object>(values: V): Partial<V> {
  const out: Partial<V> = {};
  for (const [k, v] of Object.entries(values) as [keyof V & string, unknown][]) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value === '' || value === null || value === undefined) continue;
    out[k] = value as V[keyof V & string];
  }
  return out;
}

type Props<V extends object> = {
  /** antd `Form.Item`s named after the list call's filter fields. */
  children: ReactNode;
  /** The filters to apply (empty values removed), on Search, Enter or Reset. */
  onSearch: (values: Partial<V>) => void;
  initialValues?: Partial<V>;
  testId?: string;
};

/**
 * The search row above an administration list: the page's filter fields, then Search and
 * Reset. Reset clears the fields and searches again.
 */
export function FilterBar<V extends object>({ children, onSearch, initialValues, testId }: Props<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const formName = `filter-${useId().replaceAll(':', '')}`;
  return (
    <Form<V>
      form={form}
      name={formName}
      layout="inline"
      initialValues={initialValues}
      onFinish={(v) => onSearch(compactFilters(v))}
      data-testid={testId}
      style={{ rowGap: 8, marginBottom: 12 }}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch(compactFilters(form.getFieldsValue()));
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
