import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

/** Rows per page of both logs. */
export const LOG_PAGE_SIZE = 20;

type Props<R extends { id: number }> = {
  columns: ColumnsType<R>;
  page: { list: R[]; total: number } | undefined;
  loading: boolean;
  pageNum: number;
  onPage: (pageNum: number) => void;
  expandable?: TableProps<R>['expandable'];
  scrollX: number;
  testId: string;
};

/** A page of a log, newest first, with the server's total and page navigation. */
export function LogTable<R extends { id: number }>({ columns, page, loading, pageNum, onPage, ...rest }: Props<R>) {
  const { t } = useTranslation();
  return (
    <Table<R>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={page?.list ?? []}
      scroll={{ x: rest.scrollX }}
      expandable={rest.expandable}
      pagination={{
        current: pageNum,
        pageSize: LOG_PAGE_SIZE,
        total: page?.total ?? 0,
        showSizeChanger: false,
        showTotal: (count) => t('systemLog.total', { count }),
        onChange: onPage,
      }}
      data-testid={rest.testId}
    />
  );
}
