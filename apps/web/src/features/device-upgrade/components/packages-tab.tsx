import { type UpgradePackageRow, upgradeApi } from '@ess/contract';
import { Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  ListCard,
  RowActions,
  ServerListExport,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { ChecksumCell } from '@/components/file-upload';
import { usePlatformTime } from '@/lib/format/platform-time';
import { useFormat } from '@/lib/format/use-format';
import { PackageUploadModal } from './package-upload-modal';

/** Firmware packages: model, version, file, size and SHA-256; upload and delete (not while a task uses one). */
export function PackagesTab() {
  const { t } = useTranslation();
  const f = useFormat();
  const clock = usePlatformTime();
  const [uploading, setUploading] = useState(false);
  const table = useServerTable(upgradeApi.upgradePackagePage, {});
  const remove = useEndpointMutation(upgradeApi.upgradePackageDelete, { invalidate: [upgradeApi.upgradePackagePage] });
  const columns: ColumnsType<UpgradePackageRow> = [
    { title: t('deviceUpgrade.package.model'), dataIndex: 'modelCode' },
    { title: t('deviceUpgrade.package.version'), dataIndex: 'version', sorter: true, key: 'version' },
    { title: t('deviceUpgrade.package.file'), dataIndex: 'fileName', ellipsis: true },
    { title: t('deviceUpgrade.package.size'), dataIndex: 'size', render: (v: number) => `${f.number(v / 1024, 0)} KB` },
    {
      title: t('deviceUpgrade.package.sha256'),
      dataIndex: 'sha256',
      render: (v: string) => <ChecksumCell sha256={v} />,
    },
    { title: t('deviceUpgrade.package.notes'), dataIndex: 'notes', ellipsis: true },
    { title: t('deviceUpgrade.package.tasks'), dataIndex: 'tasks', width: 80 },
    { title: t('deviceUpgrade.package.uploadedBy'), dataIndex: 'createdBy' },
    {
      title: clock.withZone(t('deviceUpgrade.package.uploadedAt')),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      render: (v: number) => clock.dateTime(v),
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <RowActions
          actions={[
            {
              ...deleteAction(t, {
                endpoint: upgradeApi.upgradePackageDelete,
                name: `${row.modelCode} ${row.version}`,
                onDelete: () => remove.mutateAsync({ id: row.id }).catch(() => undefined),
              }),
              disabled: row.tasks > 0,
            },
          ]}
        />
      ),
    },
  ];
  return (
    <ListCard
      title={t('deviceUpgrade.tabs.packages')}
      testId="upgrade-packages"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <Space>
          <ServerListExport
            list={upgradeApi.upgradePackagePage}
            filters={{}}
            table={table}
            columns={columns}
            fileName={t('deviceUpgrade.tabs.packages')}
            testId="upgrade-packages-export"
          />
          <AddButton
            endpoint={upgradeApi.upgradePackageAdd}
            onClick={() => setUploading(true)}
            label={t('deviceUpgrade.package.upload')}
            testId="upgrade-package-add"
          />
        </Space>
      }
    >
      <Table<UpgradePackageRow> rowKey="id" size="small" columns={columns} {...table.tableProps} />
      <PackageUploadModal open={uploading} onClose={() => setUploading(false)} />
    </ListCard>
  );
}
