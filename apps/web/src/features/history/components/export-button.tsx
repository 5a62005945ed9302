import { DownloadOutlined } from '@ant-design/icons';
import { type CurveExportFormat, type CurveItem, curveSetApi } from '@ess/contract';
import { Button, Dropdown, Progress, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import type { DownloadProgress } from '@/lib/api/client';
import { exportCurves } from '../api/export-curves';
import type { TimeRange } from '../hooks/history-range';

const kib = (n: number) => `${Math.round(n / 1024)} KiB`;

/**
 * Export of what the chart shows (CSV or Excel, through the server so both hold the same
 * buckets), for holders of `surveillance:history:export`, with the download's progress.
 */
export function ExportButton({
  stationId,
  items,
  range,
}: {
  stationId: number;
  items: readonly CurveItem[];
  range: TimeRange | null;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const busy = progress !== null;
  const run = async (format: CurveExportFormat) => {
    if (!range) return;
    setProgress({ loaded: 0, total: null });
    try {
      await exportCurves(
        { stationId, items, from: range.from, to: range.to, format },
        { fallbackName: `${t('history.title')}.${format}`, onProgress: setProgress },
      );
    } catch {
      // The download helper has shown the failure (spec 8).
    } finally {
      setProgress(null);
    }
  };
  const percent = progress?.total ? Math.round((progress.loaded / progress.total) * 100) : null;
  return (
    <Permission endpoint={curveSetApi.pointCurveExport}>
      <Space size={6}>
        <Dropdown
          disabled={busy || items.length === 0 || !range}
          menu={{
            items: [
              { key: 'csv', label: t('history.export.csv') },
              { key: 'xlsx', label: t('history.export.xlsx') },
            ],
            onClick: ({ key }) => void run(key as CurveExportFormat),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={busy} data-testid="history-export">
            {t('history.export.button')}
          </Button>
        </Dropdown>
        {progress ? (
          <Tooltip title={t('history.export.progress', { size: kib(progress.loaded) })}>
            {percent === null ? (
              <span data-testid="history-export-progress">{kib(progress.loaded)}</span>
            ) : (
              <Progress data-testid="history-export-progress" type="circle" size={24} percent={percent} />
            )}
          </Tooltip>
        ) : null}
      </Space>
    </Permission>
  );
}
