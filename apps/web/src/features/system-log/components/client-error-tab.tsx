import { CLIENT_ERROR_KINDS, type ClientErrorKind, type ClientErrorRow } from '@ess/contract';
import { Descriptions, Result, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { useClientErrors } from '../api/logs';
import { useLogQuery } from '../hooks/use-log-query';
import { type LogFilter, LogFilters } from './log-filters';
import { LogTable } from './log-table';

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
  const { filter, apply, page, setPage, query } = useLogQuery<LogFilter & { kind?: ClientErrorKind }>();
  const { data, isPending, isError } = useClientErrors(query);

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

  if (isError && !data) return <Result status="warning" title={t('systemLog.loadFailed')} />;
  return (
    <>
      <LogFilters
        value={filter}
        onChange={(f) => apply({ ...f, kind: filter.kind })}
        extra={
          <Select
            value={filter.kind ?? 'all'}
            onChange={(v: ClientErrorKind | 'all') => apply({ ...filter, kind: v === 'all' ? undefined : v })}
            options={[
              { value: 'all', label: t('systemLog.kind.all') },
              ...CLIENT_ERROR_KINDS.map((k) => ({ value: k, label: t(`systemLog.kind.${k}`) })),
            ]}
            style={{ width: 220 }}
            data-testid="log-kind"
          />
        }
      />
      <LogTable
        columns={columns}
        page={data}
        loading={isPending}
        pageNum={page}
        onPage={setPage}
        scrollX={1000}
        expandable={{
          expandedRowRender: (r) => (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('systemLog.col.ip')}>{r.ip ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('systemLog.userAgent')}>{r.userAgent ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('systemLog.stack')}>
                <pre data-testid="client-error-stack">{r.stack ?? '-'}</pre>
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
        testId="client-errors"
      />
    </>
  );
}
