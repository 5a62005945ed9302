import { DownloadOutlined } from '@ant-design/icons';
import { CARBON_EXPORT_FORMATS, carbonApi } from '@ess/contract';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { exportCarbon } from '../api/carbon';

type Format = (typeof CARBON_EXPORT_FORMATS)[number];

/** Export of the figures shown (CSV, or Excel with trend and factors), for `revenue:carbon:export`. */
export function ExportMenu({ stationId, range }: { stationId: number | null; range: { from: string; to: string } }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (format: Format) => {
    setBusy(true);
    try {
      await exportCarbon({ stationId, ...range, format }, { fallbackName: `${t('carbon.title')}.${format}` });
    } catch {
      // The download helper has said why (spec 8), e.g. "no data to export".
    } finally {
      setBusy(false);
    }
  };
  return (
    <Permission endpoint={carbonApi.carbonExport}>
      <Dropdown
        disabled={busy}
        menu={{
          items: CARBON_EXPORT_FORMATS.map((k) => ({ key: k, label: t(`carbon.export.${k}`) })),
          onClick: ({ key }) => void run(key === 'xlsx' ? 'xlsx' : 'csv'),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={busy} data-testid="carbon-export">
          {t('carbon.export.button')}
        </Button>
      </Dropdown>
    </Permission>
  );
}
