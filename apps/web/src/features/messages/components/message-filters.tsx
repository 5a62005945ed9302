import { SearchOutlined } from '@ant-design/icons';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export type FilterOption = { value: number; label: string };

/** A search box plus code selects (type, status, …); `undefined` in a select means all. */
export function MessageFilters({
  onSearch,
  selects,
}: {
  onSearch: (keyword: string | undefined) => void;
  selects: {
    key: string;
    value: number | undefined;
    all: string;
    options: FilterOption[];
    onChange: (v: number | undefined) => void;
  }[];
}) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('messageCenter.search')}
        onSearch={(k) => onSearch(k.trim() || undefined)}
        style={{ width: 240 }}
        data-testid="message-search"
      />
      {selects.map((s) => (
        <Select<number | 'all'>
          key={s.key}
          value={s.value ?? 'all'}
          onChange={(v) => s.onChange(v === 'all' ? undefined : v)}
          options={[{ value: 'all', label: s.all }, ...s.options]}
          style={{ width: 150 }}
          data-testid={`message-filter-${s.key}`}
        />
      ))}
    </Space>
  );
}
