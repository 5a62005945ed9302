import { FILE_RULES, FIRMWARE_MAX_BYTES, upgradeApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Progress, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { upload } from '@/lib/api/upload';
import { useFormat } from '@/lib/format/use-format';

type Values = { modelCode: string; version: string; notes?: string };

/** Uploads a firmware package: model and version, then the file streamed with progress (≤ 50 MB). */
export function PackageUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [pct, setPct] = useState<number | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const models = useEndpoint(upgradeApi.upgradeModels, open ? {} : null);

  const close = () => {
    form.resetFields();
    setFile(null);
    setPct(null);
    setTooBig(false);
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    if (!file) return;
    setPct(0);
    try {
      await upload(upgradeApi.upgradePackageAdd, { modelCode: v.modelCode, version: v.version, notes: v.notes }, file, {
        onProgress: (p) => setPct(Math.floor((p.loaded / Math.max(1, p.total)) * 100)),
      });
      notify.success(t('deviceUpgrade.package.uploaded'));
      await refetchEndpoints(qc, [upgradeApi.upgradePackagePage]);
      close();
    } catch {
      setPct(null);
    }
  };

  return (
    <Modal
      open={open}
      title={t('deviceUpgrade.package.upload')}
      onCancel={close}
      onOk={() => void submit()}
      okButtonProps={{
        disabled: !file || tooBig,
        loading: pct !== null,
        ...{ 'data-testid': 'upgrade-package-submit' },
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="modelCode" label={t('deviceUpgrade.package.model')} rules={[{ required: true }]}>
          <Select
            data-testid="upgrade-package-model"
            loading={models.isLoading}
            showSearch
            optionFilterProp="label"
            options={(models.data ?? []).map((m) => ({
              value: m.code,
              label: t('deviceUpgrade.package.modelDevices', { name: `${m.code} · ${m.name}`, count: m.devices }),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('deviceUpgrade.package.version')}
          rules={[{ required: true, pattern: /^[0-9A-Za-z][0-9A-Za-z._+-]{0,39}$/ }]}
        >
          <Input maxLength={40} data-testid="upgrade-package-version" />
        </Form.Item>
        <Form.Item name="notes" label={t('deviceUpgrade.package.notes')}>
          <Input.TextArea maxLength={2000} rows={2} />
        </Form.Item>
        <Form.Item label={t('deviceUpgrade.package.file')} extra={t('deviceUpgrade.package.fileHint')} required>
          <Upload
            accept={FILE_RULES.firmware.accept.join(',')}
            maxCount={1}
            beforeUpload={(picked) => {
              setFile(picked);
              setTooBig(picked.size > FIRMWARE_MAX_BYTES);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'file', name: `${file.name} (${f.number(file.size / 1024, 0)} KB)` }] : []}
          >
            <Button data-testid="upgrade-package-file">{t('deviceUpgrade.package.choose')}</Button>
          </Upload>
        </Form.Item>
        {tooBig && <Alert type="error" showIcon message={t('deviceUpgrade.package.fileHint')} />}
        {pct !== null && <Progress percent={pct} size="small" />}
      </Form>
    </Modal>
  );
}
