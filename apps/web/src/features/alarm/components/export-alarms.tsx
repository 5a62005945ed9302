import { DownloadOutlined } from '@ant-design/icons';
import { type AlarmHistoryExportBody, alarmApi } from '@ess/contract';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { exportAlarmHistory } from '../api/alarm-events';

type Format = AlarmHistoryExportBody['format'];

/** The history with the filters on screen as CSV or Excel, for holders of `alarm:history:export`. */
export function ExportAlarms({ query }: { query: Omit<AlarmHistoryExportBody, 'format'> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (format: Format) => {
    setBusy(true);
    try {
      await exportAlarmHistory({ ...query, format }, { fallbackName: `${t('alarm.history.fileName')}.${format}` });
    } catch {
      // The download helper has shown the failure (spec 8).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Permission endpoint={alarmApi.alarmHistoryExport}>
      <Dropdown
        disabled={busy}
        menu={{
          items: [
            { key: 'csv', label: t('alarm.history.csv') },
            { key: 'xlsx', label: t('alarm.history.xlsx') },
          ],
          onClick: ({ key }) => void run(key as Format),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={busy} data-testid="alarm-export">
          {t('alarm.history.export')}
        </Button>
      </Dropdown>
    </Permission>
  );
}
