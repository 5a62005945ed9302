import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { reportApi, type StationReportBody } from '@ess/contract';
import { Button, Progress, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import type { DownloadProgress } from '@/lib/api/client';
import { exportStationReport } from '../api/export-station-report';

/** The permission the server checks for the export (menu button of the station report). */

/** Export to Excel or CSV through the server, with progress while the file arrives. */
export function ExportButtons({ body, disabled }: { body: StationReportBody | null; disabled: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const run = async (format: 'xlsx' | 'csv') => {
    if (!body) return;
    setBusy(format);
    setProgress(null);
    try {
      await exportStationReport({ ...body, format }, setProgress);
    } catch {
      // The download helper already showed the failure (spec 8).
    } finally {
      setBusy(null);
    }
  };
  const pct = progress?.total ? Math.round((progress.loaded / progress.total) * 100) : null;
  return (
    <Permission endpoint={reportApi.stationReportExport}>
      <Space size={8}>
        <Button
          icon={<FileExcelOutlined />}
          loading={busy === 'xlsx'}
          disabled={disabled || busy !== null}
          onClick={() => void run('xlsx')}
          data-testid="station-report-export-xlsx"
        >
          {t('stationReport.exportExcel')}
        </Button>
        <Button
          icon={<FileTextOutlined />}
          loading={busy === 'csv'}
          disabled={disabled || busy !== null}
          onClick={() => void run('csv')}
          data-testid="station-report-export-csv"
        >
          {t('stationReport.exportCsv')}
        </Button>
        {busy && pct !== null && <Progress type="circle" percent={pct} size={24} />}
      </Space>
    </Permission>
  );
}
