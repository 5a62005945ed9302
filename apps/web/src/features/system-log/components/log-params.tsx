import type { OperationLogRow } from '@ess/contract';
import { Typography } from 'antd';
import type { ColumnType, ExpandableConfig } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';

/** A call's input laid out for reading (stored as one line of JSON, maybe cut at its cap). */
const prettyParams = (params: string | null): string => {
  if (params === null) return '-';
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params;
  }
};

/**
 * The parameters column: a fixed width and one clipped line, so a long input never draws over
 * the columns beside it; the whole input is in the expanded row (`paramsExpandable`).
 */
export const paramsColumn = (t: TFunction): ColumnType<OperationLogRow> => ({
  key: 'params',
  title: t('systemLog.col.params'),
  width: 260,
  ellipsis: true,
  render: (_, r) => (
    <Typography.Text code data-testid="log-params">
      {r.params ?? '-'}
    </Typography.Text>
  ),
});

export const paramsExpandable: ExpandableConfig<OperationLogRow> = {
  rowExpandable: (r) => r.params !== null,
  expandedRowRender: (r) => (
    <pre data-testid="log-params-full" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
      {prettyParams(r.params)}
    </pre>
  ),
};
