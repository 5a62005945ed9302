import { CLIENT_ERROR_KINDS, type ClientErrorKind, type ClientErrorRow, logApi } from '@ess/contract';
import { DatePicker, Descriptions, Form, Input, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudPage, type FiltersOf } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { LOG_PAGE_SIZE, rangeFilter } from './log-range';

type Filters = FiltersOf<typeof logApi.clientErrorPage>;
/** The filter row's fields: text, kind, time range (on the user's clock). */
type FilterForm = { keyword?: string; kind?: ClientErrorKind; range?: [Dayjs, Dayjs] | null };

const KIND_TONE: Record<ClientErrorKind, string> = {
  render: 'error',
  error: 'error',
  unhandledRejection: 'warning',
  chunkLoad: 'processing',
};

/** What browsers reported (spec 8 client error log): newest first, the stack in the expanded row. */
export function ClientErrorTab() {
  const { t } = useTranslation();
  const clock = usePlatformTime();

  const columns: ColumnsType<ClientErrorRow> = [
    {
      key: 'time',
      title: clock.withZone(t('systemLog.col.time')),
      render: (_, r) => instantText(clock, r.at),
      width: 170,
    },
    {
      key: 'kind',
      title: t('systemLog.col.kind'),
      render: (_, r) => <Tag color={KIND_TONE[r.kind]}>{t(`systemLog.kind.${r.kind}`)}</Tag>,
      width: 170,
    },
    {
      key: 'message',
      title: t('systemLog.col.message'),
      render: (_, r) => <Typography.Text ellipsis={{ tooltip: r.message }}>{r.message}</Typography.Text>,
    },
    { key: 'page', title: t('systemLog.col.page'), dataIndex: 'url' },
    {
      key: 'user',
      title: t('systemLog.col.user'),
      render: (_, r) => r.username ?? t('systemLog.anonymous'),
      width: 120,
    },
    { key: 'release', title: t('systemLog.col.release'), dataIndex: 'release', width: 90 },
  ];

  return (
    <CrudPage<typeof logApi.clientErrorPage, object, never, never, never, never, FilterForm>
      title={t('systemLog.tabs.clientErrors')}
      testId="client-errors"
      tableTestId="client-errors"
      bare
      list={logApi.clientErrorPage}
      pageSize={LOG_PAGE_SIZE}
      rowTestKey={(r) => r.id}
      rowName={(r) => r.message}
      columns={columns}
      toFilters={({ range, ...rest }): Filters => ({ ...rest, ...rangeFilter(range, clock) })}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear maxLength={100} placeholder={t('systemLog.search')} data-testid="log-search" />
          </Form.Item>
          <Form.Item name="kind">
            <Select
              allowClear
              placeholder={t('systemLog.kind.all')}
              options={CLIENT_ERROR_KINDS.map((k) => ({ value: k, label: t(`systemLog.kind.${k}`) }))}
              style={{ width: 220 }}
              data-testid="log-kind"
            />
          </Form.Item>
          <Form.Item name="range" label={t('systemLog.range')}>
            <DatePicker.RangePicker showTime aria-label={t('systemLog.range')} />
          </Form.Item>
        </>
      }
      table={{
        scroll: { x: 1000 },
        expandable: {
          expandedRowRender: (r) => (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('systemLog.col.ip')}>{r.ip ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('systemLog.userAgent')}>{r.userAgent ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('systemLog.stack')}>
                <pre data-testid="client-error-stack">{r.stack ?? '-'}</pre>
              </Descriptions.Item>
            </Descriptions>
          ),
        },
      }}
    />
  );
}
