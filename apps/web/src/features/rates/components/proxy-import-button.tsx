import { UploadOutlined } from '@ant-design/icons';
import { equipmentMessages, PROXY_LIMITS, type ProxyImportResult, proxyApi } from '@ess/contract';
import { Button, List, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { fileBase64 } from '@/lib/file-base64';
import { useServerText } from '@/lib/i18n/server-text';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';

/**
 * Imports monthly proxy prices from a workbook in the export's columns: every row valid or nothing
 * written; the rows refused are listed with why.
 */
export function ProxyImportButton() {
  const { t } = useTranslation();
  const serverText = useServerText();
  const [errors, setErrors] = useState<ProxyImportResult['errors']>([]);
  const importer = useEndpointMutation(proxyApi.proxyPriceImport, {
    invalidate: [proxyApi.proxyPricePage, proxyApi.proxyRegionPage, ...RATE_WRITE_INVALIDATES],
  });
  const upload = async (file: File) => {
    if (file.size > PROXY_LIMITS.importBytesMax) {
      notify.error(serverText(equipmentMessages.importTooLarge, { size: PROXY_LIMITS.importBytesMax / 1024 }));
      return;
    }
    const result = await importer.mutateAsync({ file: await fileBase64(file) }).catch(() => null);
    if (!result) return;
    if (result.errors.length > 0) setErrors(result.errors);
    else notify.success(t('rates.proxy.importDone', { added: result.added, updated: result.updated }));
  };
  return (
    <Permission endpoint={proxyApi.proxyPriceImport}>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={importer.isPending} data-testid="proxy-price-import">
          {t('rates.proxy.import')}
        </Button>
      </Upload>
      <Modal
        open={errors.length > 0}
        title={t('rates.proxy.importErrors')}
        onCancel={() => setErrors([])}
        onOk={() => setErrors([])}
        cancelButtonProps={{ style: { display: 'none' } }}
        data-testid="proxy-import-errors"
      >
        <List size="small" dataSource={errors} renderItem={(e) => <List.Item>{e.message}</List.Item>} />
      </Modal>
    </Permission>
  );
}
