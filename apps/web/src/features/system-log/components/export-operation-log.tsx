import { DownloadOutlined } from '@ant-design/icons';
import { logApi, OPERATION_LOG_EXPORT_MAX, type OperationLogFilter } from '@ess/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { download } from '@/lib/api/client';
import { useFormat } from '@/lib/format/use-format';

/**
 * The filtered operation log as Excel (newest first, at most OPERATION_LOG_EXPORT_MAX rows),
 * times on the reader's clock, for holders of `sys:log:export`.
 */
export function ExportOperationLog({ filters, timeZone }: { filters: OperationLogFilter; timeZone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(
        logApi.operationLogExport,
        { ...filters, timeZone, format: 'xlsx' },
        { fallbackName: `${t('systemLog.exportName')}.xlsx` },
      );
    } catch {
      // The download helper has shown the failure (spec 8).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Permission endpoint={logApi.operationLogExport}>
      <Tooltip title={t('systemLog.exportHint', { max: format.number(OPERATION_LOG_EXPORT_MAX, 0) })}>
        <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="log-export">
          {t('systemLog.export')}
        </Button>
      </Tooltip>
    </Permission>
  );
}
