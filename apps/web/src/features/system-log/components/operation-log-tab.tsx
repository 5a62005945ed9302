import { logApi, OPERATION_LOG_EXPORT_MAX, type OperationLogRow, zoneLabel } from '@ess/contract';
import { DatePicker, Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudPage, type FiltersOf } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { useFormat } from '@/lib/format/use-format';
import type { StationTime } from '@/lib/station/station-time';
import { paramsColumn, paramsExpandable } from './log-params';
import { LOG_PAGE_SIZE, rangeFilter } from './log-range';

type Filters = FiltersOf<typeof logApi.operationLogPage>;
/** The filter row's fields: text, method, outcome, time range (on the user's clock). */
type FilterForm = {
  username?: string;
  name?: string;
  method?: Filters['method'];
  success?: 'true' | 'false';
  range?: [Dayjs, Dayjs] | null;
};

const METHODS = ['POST', 'PUT', 'DELETE', 'GET'] as const;

const toFilters = ({ range, success, ...rest }: Partial<FilterForm>, clock: StationTime): Filters => ({
  ...rest,
  ...(success ? { success: success === 'true' } : {}),
  ...rangeFilter(range, clock),
});

/**
 * The operation log (spec 3 "Log"): sign-ins, failures and every change, newest first; read-only
 * (the server alone writes it), exported as Excel with the filters on screen.
 */
export function OperationLogTab() {
  const { t } = useTranslation();
  const format = useFormat();
  // Log times are the platform's: on the user's clock, its zone named.
  const clock = usePlatformTime();
  const zone = clock.zone;

  const columns: ColumnsType<OperationLogRow> = [
    {
      key: 'createTime',
      title: t('systemLog.col.timeIn', { zone: zoneLabel(zone, Date.now()) }),
      render: (_, r) => instantText(clock, r.createTime),
      sorter: true,
      width: 190,
    },
    { key: 'name', title: t('systemLog.col.name'), dataIndex: 'name', sorter: true, ellipsis: true },
    { key: 'username', title: t('systemLog.col.user'), render: (_, r) => r.username ?? '-', sorter: true, width: 120 },
    { key: 'ip', title: t('systemLog.col.ip'), render: (_, r) => r.ip ?? '-', width: 130 },
    { key: 'method', title: t('systemLog.col.method'), render: (_, r) => r.method ?? '-', width: 90 },
    {
      key: 'methodName',
      title: t('systemLog.col.methodName'),
      render: (_, r) => r.methodName ?? '-',
      sorter: true,
      width: 170,
    },
    paramsColumn(t),
    {
      key: 'durationMs',
      title: t('systemLog.col.duration'),
      render: (_, r) => t('systemLog.ms', { value: r.durationMs }),
      sorter: true,
      width: 110,
    },
    {
      key: 'result',
      title: t('systemLog.col.result'),
      render: (_, r) => (
        <Tag color={r.success ? 'success' : 'error'}>
          {r.success ? t('systemLog.result.success') : t('systemLog.result.failure')}
          {r.status === null ? '' : ` ${r.status}`}
        </Tag>
      ),
      width: 110,
    },
  ];

  return (
    <CrudPage<typeof logApi.operationLogPage, object, never, never, never, typeof logApi.operationLogExport, FilterForm>
      title={t('systemLog.tabs.operation')}
      testId="log"
      tableTestId="operation-log"
      bare
      list={logApi.operationLogPage}
      pageSize={LOG_PAGE_SIZE}
      rowTestKey={(r) => r.id}
      rowName={(r) => r.name}
      columns={columns}
      table={{ scroll: { x: 1300 }, expandable: paramsExpandable }}
      toFilters={(v) => toFilters(v, clock)}
      filters={
        <>
          <Form.Item name="username" label={t('systemLog.col.user')}>
            <Input allowClear maxLength={64} style={{ width: 140 }} data-testid="log-user" />
          </Form.Item>
          <Form.Item name="name" label={t('systemLog.filter.name')}>
            <Input allowClear maxLength={100} style={{ width: 180 }} data-testid="log-name" />
          </Form.Item>
          <Form.Item name="method" label={t('systemLog.col.method')}>
            <Select
              allowClear
              placeholder={t('systemLog.filter.allMethods')}
              options={METHODS.map((m) => ({ value: m, label: m }))}
              style={{ width: 120 }}
              data-testid="log-method"
            />
          </Form.Item>
          <Form.Item name="success" label={t('systemLog.col.result')}>
            <Select
              allowClear
              placeholder={t('systemLog.result.all')}
              options={[
                { value: 'true', label: t('systemLog.result.success') },
                { value: 'false', label: t('systemLog.result.failure') },
              ]}
              style={{ width: 120 }}
              data-testid="log-result"
            />
          </Form.Item>
          <Form.Item name="range" label={t('systemLog.range')}>
            <DatePicker.RangePicker showTime aria-label={t('systemLog.range')} />
          </Form.Item>
        </>
      }
      export={{
        endpoint: logApi.operationLogExport,
        input: (filters) => ({ ...filters, timeZone: zone, format: 'xlsx' }),
        fileName: `${t('systemLog.exportName')}.xlsx`,
        hint: t('systemLog.exportHint', { max: format.number(OPERATION_LOG_EXPORT_MAX, 0) }),
      }}
    />
  );
}
