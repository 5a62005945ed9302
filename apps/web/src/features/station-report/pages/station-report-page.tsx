import type { ReportGranularity } from '@ess/contract';
import { Alert, Button, Card, Empty, Result, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StationZone } from '@/components/station-zone/station-zone';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { useStationReport } from '../api/get-station-report';
import { ExportButtons } from '../components/export-buttons';
import { ReportChart } from '../components/report-chart';
import { ReportKpis } from '../components/report-kpis';
import { ReportTable } from '../components/report-table';
import { ReportToolbar } from '../components/report-toolbar';
import { defaultRange, includesToday, type ReportRange, rangeTooLong, reportBody } from '../report-range';
import styles from './station-report-page.module.css';

/**
 * Station statistics report: per day or month of the current station, charge, discharge,
 * efficiency, PV, load, grid import and export, revenue, SOC range and device online rate, with
 * the range's totals, a chart and export to Excel or CSV. A range that includes today refreshes.
 */
export function StationReportPage() {
  const { t } = useTranslation();
  const { stationId } = useCurrentStation();
  const clock = useStationTime();
  // The station's today, as the pickers show dates.
  const stationToday = () => clock.pickerDate(clock.today(Date.now()));
  const [granularity, setGranularity] = useState<ReportGranularity>('day');
  const [range, setRange] = useState<ReportRange>(() => defaultRange('day', stationToday()));
  const today = stationToday();
  const body = useMemo(
    () => (stationId === null ? null : reportBody(stationId, granularity, range)),
    [stationId, granularity, range],
  );
  const tooLong = body !== null && rangeTooLong(body);
  const report = useStationReport(tooLong ? null : body, body !== null && includesToday(body, today));

  if (stationId === null) return <Empty description={t('stationReport.noStation')} />;

  const data = report.data?.stationId === stationId ? report.data : undefined;
  const empty = data !== undefined && !data.rows.some((r) => r.hasData);
  return (
    <div className={styles.page} data-testid="station-report">
      <div className={styles.toolbar}>
        <ReportToolbar
          granularity={granularity}
          range={range}
          onGranularity={(g) => {
            setGranularity(g);
            setRange(defaultRange(g, stationToday()));
          }}
          onRange={setRange}
        />
        <StationZone />
        <span className={styles.grow} />
        <ExportButtons body={tooLong ? null : body} disabled={!data || empty || tooLong} />
      </div>
      {tooLong && <Alert type="warning" showIcon message={t('stationReport.rangeTooLong')} />}
      {report.isError && !data ? (
        <Result
          status="warning"
          title={t('stationReport.loadFailed')}
          extra={<Button onClick={() => void report.refetch()}>{t('common.retry')}</Button>}
        />
      ) : !data ? (
        tooLong ? null : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )
      ) : (
        <>
          {empty && (
            <Alert type="info" showIcon message={t('stationReport.noData')} data-testid="station-report-empty" />
          )}
          <ReportKpis report={data} />
          <Card
            size="small"
            title={t('stationReport.chartTitle', { station: data.stationName })}
            extra={<span className={styles.note}>{t('stationReport.note', { devices: data.deviceCount })}</span>}
          >
            <ReportChart report={data} />
          </Card>
          <Card
            size="small"
            title={t(granularity === 'day' ? 'stationReport.dailyTable' : 'stationReport.monthlyTable')}
          >
            <ReportTable report={data} loading={report.isFetching && report.isPlaceholderData} />
          </Card>
        </>
      )}
    </div>
  );
}
