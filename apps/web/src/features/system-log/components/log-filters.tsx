import { SearchOutlined } from '@ant-design/icons';
import { DatePicker, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type LogFilter = { keyword?: string; from?: number; to?: number };

/** Text and time range of both logs; `extra` holds the tab's own filter (result or kind). */
export function LogFilters({
  value,
  onChange,
  extra,
}: {
  value: LogFilter;
  onChange: (f: LogFilter) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const range: [Dayjs, Dayjs] | null =
    value.from !== undefined && value.to !== undefined ? [dayjs(value.from), dayjs(value.to)] : null;
  return (
    <Space wrap>
      <Input.Search
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('systemLog.search')}
        defaultValue={value.keyword}
        onSearch={(keyword) => onChange({ ...value, keyword: keyword.trim() || undefined })}
        style={{ width: 240 }}
        data-testid="log-search"
      />
      <DatePicker.RangePicker
        showTime
        aria-label={t('systemLog.range')}
        value={range}
        onChange={(r) =>
          onChange({
            ...value,
            from: r?.[0] ? r[0].valueOf() : undefined,
            to: r?.[1] ? r[1].valueOf() : undefined,
          })
        }
      />
      {extra}
    </Space>
  );
}
