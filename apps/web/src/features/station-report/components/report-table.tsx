import type { StationReport, StationReportRow } from '@ess/contract';
import { Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRunLabel } from '@/components/empty-run-label/empty-run-label';
import { useStationTime } from '@/lib/station/station-time';
import { collapseEmptyDays, type TableEntry } from '@/lib/table/collapse-empty-days';
import { useCell, VALUE_COLUMNS } from '../hooks/use-report-cell';
import { PartialTag } from './partial-tag';
import styles from './report-table.module.css';

type Entry = TableEntry<StationReportRow>;

/**
 * One row per station day or month, newest first, a run without data as one row; the range's
 * total as the table's summary row.
 */
export function ReportTable({ report, loading }: { report: StationReport | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const cell = useCell();
  const clock = useStationTime();
  const byMonth = report?.granularity === 'month';
  const entries = useMemo(() => collapseEmptyDays(report?.rows ?? [], (r) => r.period), [report]);
  const columns: ColumnType<Entry>[] = [
    {
      key: 'period',
      title: clock.withZone(t(byMonth ? 'stationReport.col.month' : 'stationReport.col.date')),
      fixed: 'left',
      width: 170,
      render: (_: unknown, e) =>
        e.kind === 'empty' ? (
          <EmptyRunLabel run={e} unit={byMonth ? 'months' : 'days'} />
        ) : (
          <>
            {e.key}
            <PartialTag row={e.row} />
          </>
        ),
    },
    ...VALUE_COLUMNS.map(
      (c): ColumnType<Entry> => ({
        key: c.key,
        title: t(`stationReport.col.${c.key}`),
        align: 'right',
        width: 120,
        // A run without data has no values: "-" as a day without data had.
        render: (_: unknown, e) => cell(c.kind, e.kind === 'data' ? e.row[c.key] : null),
      }),
    ),
  ];
  return (
    <Table<Entry>
      data-testid="station-report-table"
      size="small"
      bordered
      sticky
      rowKey="key"
      loading={loading}
      columns={columns}
      dataSource={entries}
      pagination={false}
      scroll={{ x: 'max-content', y: 520 }}
      rowClassName={(e) => (e.kind === 'data' ? '' : (styles.noData ?? ''))}
      summary={() =>
        report ? (
          <Table.Summary fixed>
            <Table.Summary.Row className={styles.total} data-testid="station-report-total">
              <Table.Summary.Cell index={0}>
                {t('stationReport.total')}
                <PartialTag row={report.total} />
              </Table.Summary.Cell>
              {VALUE_COLUMNS.map((c, i) => (
                <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                  {cell(c.kind, report.total[c.key])}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
