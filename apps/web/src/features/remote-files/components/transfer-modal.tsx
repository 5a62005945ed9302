import { remoteFileApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api/client';
import { refetchEndpoints } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';

type Values = { deviceId: number; path: string };

/** Push one file to a device of the station, or pull a file (its log by default) from one. */
export function TransferModal({
  stationId,
  push,
  onClose,
}: {
  stationId: number;
  /** The file to push; null: a pull. Undefined: closed. */
  push: { id: string; name: string } | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const open = push !== undefined;
  const devices = flattenDevices(useDeviceTree(open ? stationId : null).data).filter((d) => d.type !== 'virtual');
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (push) await call(remoteFileApi.remoteFilePush, { fileId: push.id, deviceId: v.deviceId, path: v.path });
      else await call(remoteFileApi.remoteFilePull, { deviceId: v.deviceId, path: v.path });
      notify.success(t('remoteFiles.started'));
      await refetchEndpoints(qc, [remoteFileApi.remoteTransferPage]);
      form.resetFields();
      onClose();
    } catch {
      // The client showed the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={push ? t('remoteFiles.pushTitle', { name: push.name }) : t('remoteFiles.pullTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, ...{ 'data-testid': 'remote-transfer-submit' } }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ path: push ? push.name : 'log' }} preserve={false}>
        <Form.Item name="deviceId" label={t('remoteFiles.device')} rules={[{ required: true }]}>
          <Select
            data-testid="remote-transfer-device"
            showSearch
            optionFilterProp="label"
            options={devices.map((d) => ({ value: d.id, label: `${d.name} · ${d.sn}` }))}
          />
        </Form.Item>
        <Form.Item
          name="path"
          label={t('remoteFiles.path')}
          extra={t('remoteFiles.pathHint')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_][A-Za-z0-9/._-]{0,199}$/ }]}
        >
          <Input data-testid="remote-transfer-path" maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
