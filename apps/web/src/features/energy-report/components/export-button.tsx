import { DownloadOutlined } from '@ant-design/icons';
import { type IncomeExportFormat, monitoringApi } from '@ess/contract';
import { Button, Dropdown, Progress, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import type { DownloadProgress } from '@/lib/api/client';
import { exportEarnings, exportIncome } from '../api/export-income';
import type { DateRange } from '../hooks/income-range';

const kib = (n: number) => `${Math.round(n / 1024)} KiB`;

/** What each screen (named by its locale section) exports. */
const EXPORTS = {
  chargeDischarge: { endpoint: monitoringApi.incomeExport, run: exportIncome },
  earnings: { endpoint: monitoringApi.earningsExport, run: exportEarnings },
} as const;

/**
 * Export of the charge-discharge data (CSV, or Excel with the monthly totals and the price
 * template) or of the earnings glance (revenue per day, month and TOU period), for holders of
 * `surveillance:charge:export`, with the download's progress.
 */
export function ExportButton({
  stationId,
  range,
  what = 'chargeDischarge',
}: {
  stationId: number;
  range: DateRange | null;
  what?: keyof typeof EXPORTS;
}) {
  const { t } = useTranslation();
  const target = EXPORTS[what];
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const busy = progress !== null;
  const run = async (format: IncomeExportFormat) => {
    if (!range) return;
    setProgress({ loaded: 0, total: null });
    try {
      await target.run(
        { stationId, from: range.from, to: range.to, format },
        // The screen's title names the file should the answer name none.
        { fallbackName: `${t(`energyReport.${what}.title`)}.${format}`, onProgress: setProgress },
      );
    } catch {
      // The download helper has shown the failure (spec 8), e.g. "no data to export".
    } finally {
      setProgress(null);
    }
  };
  const percent = progress?.total ? Math.round((progress.loaded / progress.total) * 100) : null;
  return (
    <Permission endpoint={target.endpoint}>
      <Space size={6}>
        <Dropdown
          disabled={busy || !range}
          menu={{
            items: [
              { key: 'csv', label: t('energyReport.export.csv') },
              { key: 'xlsx', label: t('energyReport.export.xlsx') },
            ],
            onClick: ({ key }) => void run(key === 'xlsx' ? 'xlsx' : 'csv'),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={busy} data-testid="income-export">
            {t('energyReport.export.button')}
          </Button>
        </Dropdown>
        {progress && (
          <Tooltip title={t('energyReport.export.progress', { size: kib(progress.loaded) })}>
            {percent === null ? (
              <span data-testid="income-export-progress">{kib(progress.loaded)}</span>
            ) : (
              <Progress data-testid="income-export-progress" type="circle" size={24} percent={percent} />
            )}
          </Tooltip>
        )}
      </Space>
    </Permission>
  );
}
