import { DownloadOutlined } from '@ant-design/icons';
import { STATEMENT_FORMATS, type StatementBody, type StatementFormat, statementApi } from '@ess/contract';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { exportStatement } from '../api/statement';

/** The statement shown as a PDF statement, an Excel workbook or CSV, for `revenue:statement:export`. */
export function ExportMenu({ body }: { body: StatementBody | null }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (format: StatementFormat) => {
    if (!body) return;
    setBusy(true);
    try {
      await exportStatement({ ...body, format }, { fallbackName: `${t('statement.title')} ${body.month}.${format}` });
    } catch {
      // The download helper has said why (spec 8), e.g. "no data to export".
    } finally {
      setBusy(false);
    }
  };
  return (
    <Permission endpoint={statementApi.statementExport}>
      <Dropdown
        disabled={busy || !body}
        menu={{
          items: STATEMENT_FORMATS.map((k) => ({ key: k, label: t(`statement.export.${k}`) })),
          onClick: ({ key }) => {
            const format = STATEMENT_FORMATS.find((k) => k === key);
            if (format) void run(format);
          },
        }}
      >
        <Button icon={<DownloadOutlined />} loading={busy} data-testid="statement-export">
          {t('statement.export.button')}
        </Button>
      </Dropdown>
    </Permission>
  );
}
