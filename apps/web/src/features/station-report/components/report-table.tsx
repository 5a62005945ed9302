import type { StationReport, StationReportRow } from '@ess/contract';
import { Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useStationTime } from '@/lib/station/station-time';
import { useCell, VALUE_COLUMNS } from '../hooks/use-report-cell';
import styles from './report-table.module.css';

/** One row per station day or month, the range's total as the table's summary row. */
export function ReportTable({ report, loading }: { report: StationReport | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const cell = useCell();
  const clock = useStationTime();
  const columns: ColumnType<StationReportRow>[] = [
    {
      key: 'period',
      dataIndex: 'period',
      title: clock.withZone(t(report?.granularity === 'month' ? 'stationReport.col.month' : 'stationReport.col.date')),
      fixed: 'left',
      width: 110,
    },
    ...VALUE_COLUMNS.map(
      (c): ColumnType<StationReportRow> => ({
        key: c.key,
        dataIndex: c.key,
        title: t(`stationReport.col.${c.key}`),
        align: 'right',
        width: 120,
        render: (_: unknown, r) => cell(c.kind, r[c.key]),
      }),
    ),
  ];
  return (
    <Table<StationReportRow>
      data-testid="station-report-table"
      size="small"
      bordered
      sticky
      rowKey="period"
      loading={loading}
      columns={columns}
      dataSource={report?.rows ?? []}
      pagination={false}
      scroll={{ x: 'max-content', y: 520 }}
      rowClassName={(r) => (r.hasData ? '' : (styles.noData ?? ''))}
      summary={() =>
        report ? (
          <Table.Summary fixed>
            <Table.Summary.Row className={styles.total} data-testid="station-report-total">
              <Table.Summary.Cell index={0}>{t('stationReport.total')}</Table.Summary.Cell>
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
