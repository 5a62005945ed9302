import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { type DeviceModelDetail, EQUIPMENT_LIMITS, equipModelApi, type ModelPoint } from '@ess/contract';
import { Alert, Button, Drawer, List, Modal, Popconfirm, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { download } from '@/lib/api/client';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { fileBase64 } from '@/lib/file-base64';

/**
 * A model's points with export, import (all rows valid or nothing changes: the errors are listed
 * by row) and the removal of the points its devices still carry after the model dropped them.
 */
export function ModelPointsDrawer({ modelId, onClose }: { modelId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useEndpoint(equipModelApi.equipModelDetail, modelId === null ? null : { id: modelId });
  const after = {
    invalidate: [equipModelApi.equipModelDetail, equipModelApi.equipModelPage, equipModelApi.emsModelPage],
  };
  const importer = useEndpointMutation(equipModelApi.equipModelImportPoints, after);
  const prune = useEndpointMutation(equipModelApi.equipModelPrunePoints, after);
  const [errors, setErrors] = useState<string[]>([]);
  const model: DeviceModelDetail | undefined = detail.data;

  const upload = async (file: File) => {
    if (modelId === null) return;
    if (file.size > EQUIPMENT_LIMITS.importBytesMax) {
      notify.error(t('equipment.importErrors'));
      return;
    }
    const result = await importer.mutateAsync({ id: modelId, file: await fileBase64(file) }).catch(() => null);
    if (!result) return;
    if (result.errors.length) setErrors(result.errors.map((e) => e.message));
    else notify.success(t('equipment.importDone', { count: result.imported }));
  };

  return (
    <Drawer
      open={modelId !== null}
      title={model ? `${model.code} · ${model.name}` : ''}
      width={900}
      onClose={onClose}
      data-testid="model-points"
      extra={
        <Space>
          <Button
            icon={<DownloadOutlined />}
            disabled={!model}
            onClick={() =>
              model &&
              void download(
                equipModelApi.equipModelExportPoints,
                { id: model.id },
                { fallbackName: `${model.code}-points.xlsx` },
              )
            }
            data-testid="points-export"
          >
            {t('equipment.exportPoints')}
          </Button>
          <Permission endpoint={equipModelApi.equipModelImportPoints}>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={importer.isPending} data-testid="points-import">
                {t('equipment.importPoints')}
              </Button>
            </Upload>
          </Permission>
        </Space>
      }
    >
      {model && model.pendingRemoval.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('equipment.pending', { codes: model.pendingRemoval.map((p) => p.code).join(', ') })}
          action={
            <Permission endpoint={equipModelApi.equipModelPrunePoints}>
              <Popconfirm
                title={t('equipment.pruneConfirm')}
                onConfirm={async () => {
                  const r = await prune.mutateAsync({ id: model.id });
                  notify.success(t('equipment.pruned', { count: r.removed }));
                }}
              >
                <Button size="small" danger data-testid="points-prune">
                  {t('equipment.prune')}
                </Button>
              </Popconfirm>
            </Permission>
          }
        />
      ) : null}
      <Table<ModelPoint>
        rowKey="id"
        size="small"
        loading={detail.isFetching}
        dataSource={model?.points ?? []}
        pagination={false}
        scroll={{ y: 560 }}
        columns={[
          { key: 'code', title: t('equipment.pointCode'), dataIndex: 'code' },
          { key: 'name', title: t('equipment.name'), dataIndex: 'name' },
          { key: 'unit', title: t('equipment.unit'), dataIndex: 'unit', render: (v: string | null) => v ?? '-' },
          { key: 'kind', title: t('equipment.kind'), render: (_, p) => t(`equipment.kinds.${p.kind}`) },
          { key: 'precision', title: t('equipment.precision'), dataIndex: 'precision' },
          { key: 'min', title: t('equipment.min'), dataIndex: 'min', render: (v: number | null) => v ?? '-' },
          { key: 'max', title: t('equipment.max'), dataIndex: 'max', render: (v: number | null) => v ?? '-' },
        ]}
        data-testid="model-points-table"
      />
      <Modal
        open={errors.length > 0}
        title={t('equipment.importErrors')}
        onCancel={() => setErrors([])}
        onOk={() => setErrors([])}
        cancelButtonProps={{ style: { display: 'none' } }}
        data-testid="import-errors"
      >
        <List size="small" dataSource={errors} renderItem={(e) => <List.Item>{e}</List.Item>} />
      </Modal>
    </Drawer>
  );
}
