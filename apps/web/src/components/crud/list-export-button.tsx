import { DownloadOutlined } from '@ant-design/icons';
import { CSV_BOM, csvText, deviceMessages } from '@ess/contract';
import { Button, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/lib/api/client';
import { notify } from '@/lib/api/notifier';
import { useFormat } from '@/lib/format/use-format';
import { serverText } from '@/lib/i18n/server-text';
import { LIST_EXPORT_MAX_ROWS, readAllPages, tableOf } from './list-export';
import type { FiltersOf, PageEndpoint, RowOf, ServerTable } from './use-server-table';

/**
 * "Export" of a declared list that has no export call of its own: the rows under the filters on
 * screen (every page of a server-paged list, read with progress) as CSV, as its columns show
 * them. Whoever sees the list may export it: the rows are read through the list's own call, in
 * the reader's scope.
 */
export function ListExportButton<Row extends object>({
  columns,
  rows,
  fileName,
  testId,
}: {
  columns: ColumnsType<Row>;
  /** The rows, read when pressed; `onProgress` gets the share read so far (0–1). */
  rows: (onProgress: (done: number) => void) => Promise<readonly Row[]>;
  fileName: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [progress, setProgress] = useState<number | null>(null);
  const run = async () => {
    setProgress(0);
    try {
      const read = await rows(setProgress);
      if (read.length === 0) {
        notify.warning(serverText(deviceMessages.exportNoData));
        return;
      }
      const { header, cells } = tableOf(columns, read);
      saveFile(new Blob([CSV_BOM, csvText(header, cells)], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
    } catch {
      notify.error(t('messages.exportFailed'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Tooltip title={t('crud.exportHint', { max: f.number(LIST_EXPORT_MAX_ROWS, 0) })}>
      <Button icon={<DownloadOutlined />} loading={progress !== null} onClick={() => void run()} data-testid={testId}>
        {progress === null ? t('crud.export') : t('crud.exporting', { pct: Math.round(progress * 100) })}
      </Button>
    </Tooltip>
  );
}

/**
 * "Export" of a server-paged list a page shows itself (`useServerTable`): every row under the
 * filters and sort on screen, through the list's own call; the row-action column is left out.
 */
export function ServerListExport<E extends PageEndpoint>({
  list,
  filters,
  table,
  columns,
  fileName,
  testId,
}: {
  list: E;
  filters: FiltersOf<E>;
  table: Pick<ServerTable<E>, 'sort'>;
  columns: ColumnsType<RowOf<E>>;
  fileName: string;
  testId?: string;
}) {
  return (
    <ListExportButton<RowOf<E>>
      columns={columns.filter((c) => c.key !== 'actions')}
      rows={async (onProgress) => (await readAllPages(list, { ...filters, ...table.sort }, onProgress)).rows}
      fileName={fileName}
      testId={testId}
    />
  );
}
