import type { OperationLogRow } from '@ess/contract';
import { Result, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useOperationLog } from '../api/logs';
import { useLogQuery } from '../hooks/use-log-query';
import { type LogFilter, LogFilters } from './log-filters';
import { LogTable, logTime } from './log-table';

/** The operation log (spec 3 "Log"): sign-ins, failures and changes, newest first. */
export function OperationLogTab() {
  const { t } = useTranslation();
  const { filter, apply, page, setPage, query } = useLogQuery<LogFilter & { success?: boolean }>();
  const { data, isPending, isError } = useOperationLog(query);

  const columns: ColumnsType<OperationLogRow> = [
    { key: 'time', title: t('systemLog.col.time'), render: (_, r) => logTime(r.createTime), width: 170 },
    { key: 'name', title: t('systemLog.col.name'), dataIndex: 'name' },
    { key: 'user', title: t('systemLog.col.user'), render: (_, r) => r.username ?? '-' },
    { key: 'ip', title: t('systemLog.col.ip'), render: (_, r) => r.ip ?? '-' },
    { key: 'method', title: t('systemLog.col.method'), render: (_, r) => r.method ?? '-', width: 90 },
    { key: 'methodName', title: t('systemLog.col.methodName'), render: (_, r) => r.methodName ?? '-' },
    {
      key: 'params',
      title: t('systemLog.col.params'),
      render: (_, r) => (
        <Typography.Text code ellipsis={{ tooltip: r.params }} style={{ maxWidth: 260 }}>
          {r.params ?? '-'}
        </Typography.Text>
      ),
    },
    {
      key: 'duration',
      title: t('systemLog.col.duration'),
      render: (_, r) => t('systemLog.ms', { value: r.durationMs }),
      width: 100,
    },
    {
      key: 'result',
      title: t('systemLog.col.result'),
      render: (_, r) => (
        <Tag color={r.success ? 'success' : 'error'}>
          {r.success ? t('systemLog.result.success') : t('systemLog.result.failure')}
        </Tag>
      ),
      width: 90,
    },
  ];

  if (isError && !data) return <Result status="warning" title={t('systemLog.loadFailed')} />;
  return (
    <>
      <LogFilters
        value={filter}
        onChange={(f) => apply({ ...f, success: filter.success })}
        extra={
          <Select
            value={filter.success === undefined ? 'all' : String(filter.success)}
            onChange={(v) => apply({ ...filter, success: v === 'all' ? undefined : v === 'true' })}
            options={[
              { value: 'all', label: t('systemLog.result.all') },
              { value: 'true', label: t('systemLog.result.success') },
              { value: 'false', label: t('systemLog.result.failure') },
            ]}
            style={{ width: 140 }}
            data-testid="log-result"
          />
        }
      />
      <LogTable
        columns={columns}
        page={data}
        loading={isPending}
        pageNum={page}
        onPage={setPage}
        scrollX={1100}
        testId="operation-log"
      />
    </>
  );
}
