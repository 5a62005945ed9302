import { DownloadOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointInput } from '@ess/contract';
import { Button, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { download } from '@/lib/api/client';

/** "Export" of a list for holders of the export call's permissions: the filters on screen, as a file. */
export function ExportButton<E extends Endpoint>({
  endpoint,
  input,
  fileName,
  testId,
  hint,
}: {
  endpoint: E;
  input: () => EndpointInput<E>;
  fileName: string;
  testId?: string;
  /** What the file holds (a row cap, the order), as the button's tooltip. */
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(endpoint, input(), { fallbackName: fileName });
    } catch {
      // The download helper has shown the failure (spec 8).
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
      {t('crud.export')}
    </Button>
  );
  return <Permission endpoint={endpoint}>{hint ? <Tooltip title={hint}>{button}</Tooltip> : button}</Permission>;
}
