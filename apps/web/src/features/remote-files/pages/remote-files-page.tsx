import { filesApi, REMOTE_FILE_PERMS, type RemoteFileRow, remoteFileApi, type TransferRow } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Progress, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteAction,
  ListCard,
  RowActions,
  ServerListExport,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { ChecksumCell } from '@/components/file-upload';
import { Permission } from '@/components/permission';
import { download } from '@/lib/api/client';
import { refetchEndpoints } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { upload } from '@/lib/api/upload';
import { usePlatformTime } from '@/lib/format/platform-time';
import { useFormat } from '@/lib/format/use-format';
import { usePageTitle } from '@/lib/menu/page-title';
import { useCurrentStation } from '@/lib/station/current-station';
import { TransferStateTag } from '../components/file-state-tag';
import { TransferModal } from '../components/transfer-modal';

const IN_FLIGHT = new Set(['pending', 'sent']);

/**
 * Remote files (/remote-control/file-service, issue 25 part 2): the station's files, pushed to
 * its devices (which answer their checksum) or pulled from them; every transfer with its state.
 */
export function RemoteFilesPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const clock = usePlatformTime();
  const title = usePageTitle('/remote-control/file-service');
  const qc = useQueryClient();
  const { stationId } = useCurrentStation();
  const [transfer, setTransfer] = useState<{ id: string; name: string } | null | undefined>(undefined);
  const [pct, setPct] = useState<number | null>(null);
  const files = useServerTable(remoteFileApi.remoteFilePage, stationId === null ? null : { stationId });
  const moves = useServerTable(remoteFileApi.remoteTransferPage, stationId === null ? null : { stationId });
  const remove = useEndpointMutation(remoteFileApi.remoteFileDelete, { invalidate: [remoteFileApi.remoteFilePage] });
  const moving = moves.rows.some((r) => IN_FLIGHT.has(r.state));
  const { refetch } = moves.query;
  useEffect(() => {
    if (!moving) return;
    // A transfer's answer comes within seconds: read again until none is under way, then the files too.
    const timer = setInterval(() => void refetch(), 2_000);
    return () => {
      clearInterval(timer);
      void refetchEndpoints(qc, [remoteFileApi.remoteFilePage]);
    };
  }, [moving, refetch, qc]);

  const send = async (file: File) => {
    if (stationId === null) return;
    setPct(0);
    try {
      await upload(remoteFileApi.remoteFileUpload, { stationId }, file, {
        onProgress: (p) => setPct(Math.floor((p.loaded / Math.max(1, p.total)) * 100)),
      });
      notify.success(t('remoteFiles.uploaded'));
      await refetchEndpoints(qc, [remoteFileApi.remoteFilePage]);
    } catch {
      // The client showed the refusal.
    } finally {
      setPct(null);
    }
  };

  const fileColumns: ColumnsType<RemoteFileRow> = [
    { title: t('remoteFiles.name'), dataIndex: 'name', key: 'name', sorter: true, ellipsis: true },
    { title: t('remoteFiles.size'), dataIndex: 'size', render: (v: number) => `${f.number(v / 1024, 1)} KB` },
    {
      title: t('remoteFiles.sha256'),
      dataIndex: 'sha256',
      render: (v: string) => <ChecksumCell sha256={v} />,
    },
    {
      title: t('remoteFiles.source'),
      key: 'source',
      render: (_: unknown, r) =>
        r.fromDevice ? t('remoteFiles.fromDevice', { sn: r.fromDevice }) : (r.uploadedBy ?? '-'),
    },
    {
      title: clock.withZone(t('remoteFiles.uploadedAt')),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      render: (v: number) => clock.dateTime(v),
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <RowActions
          actions={[
            {
              key: 'download',
              label: t('remoteFiles.download'),
              onClick: () =>
                download(filesApi.fileDownload, { id: r.id }, { fallbackName: r.name }).catch(() => undefined),
            },
            {
              key: 'push',
              label: t('remoteFiles.push'),
              perms: [REMOTE_FILE_PERMS.transfer],
              onClick: () => setTransfer({ id: r.id, name: r.name }),
              testId: `remote-file-push-${r.name}`,
            },
            deleteAction(t, {
              endpoint: remoteFileApi.remoteFileDelete,
              name: r.name,
              onDelete: () => remove.mutateAsync({ id: r.id }).catch(() => undefined),
            }),
          ]}
        />
      ),
    },
  ];
  const moveColumns: ColumnsType<TransferRow> = [
    { title: '#', dataIndex: 'id', width: 60 },
    { title: '', dataIndex: 'direction', render: (d: TransferRow['direction']) => t(`remoteFiles.direction.${d}`) },
    { title: t('remoteFiles.device'), dataIndex: 'deviceSn' },
    { title: t('remoteFiles.path'), dataIndex: 'path', ellipsis: true },
    { title: t('remoteFiles.name'), dataIndex: 'fileName', ellipsis: true, render: (v: string | null) => v ?? '-' },
    {
      title: t('remoteFiles.stateTitle'),
      key: 'state',
      render: (_: unknown, r) => <TransferStateTag state={r.state} />,
    },
    {
      title: t('remoteFiles.checksum'),
      key: 'checksum',
      render: (_: unknown, r) =>
        r.deviceSha256 === null
          ? '-'
          : r.deviceSha256 === r.sha256
            ? t('remoteFiles.checksumMatch')
            : `${r.deviceSha256.slice(0, 12)}…`,
    },
    { title: t('remoteFiles.message'), dataIndex: 'message', ellipsis: true },
    { title: t('remoteFiles.by'), dataIndex: 'createdBy' },
    {
      title: clock.withZone(t('remoteFiles.uploadedAt')),
      dataIndex: 'createdAt',
      render: (v: number) => clock.dateTime(v),
    },
  ];

  if (stationId === null)
    return (
      <Card title={title}>
        <Empty description={t('remoteFiles.noStation')} />
      </Card>
    );
  return (
    <Flex vertical gap={16} data-testid="remote-files-page">
      <ListCard
        title={
          <Flex gap={12} align="baseline" wrap>
            <span>{title}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
              {t('remoteFiles.subtitle')}
            </Typography.Text>
          </Flex>
        }
        testId="remote-files"
        failed={files.query.isError && !files.query.data}
        toolbar={
          <Flex gap={8} align="center" wrap>
            {pct !== null && <Progress percent={pct} size="small" style={{ width: 120 }} />}
            <ServerListExport
              list={remoteFileApi.remoteFilePage}
              filters={{ stationId }}
              table={files}
              columns={fileColumns}
              fileName={title}
              testId="remote-files-export"
            />
            <Permission perms={[REMOTE_FILE_PERMS.transfer]}>
              <Button onClick={() => setTransfer(null)} data-testid="remote-file-pull">
                {t('remoteFiles.pull')}
              </Button>
            </Permission>
            <Permission endpoint={remoteFileApi.remoteFileUpload}>
              <Upload
                showUploadList={false}
                beforeUpload={(file) => {
                  void send(file);
                  return false;
                }}
              >
                <Button
                  type="primary"
                  loading={pct !== null}
                  title={t('remoteFiles.uploadHint')}
                  data-testid="remote-file-upload"
                >
                  {t('remoteFiles.upload')}
                </Button>
              </Upload>
            </Permission>
          </Flex>
        }
      >
        <Table<RemoteFileRow> rowKey="id" size="small" columns={fileColumns} {...files.tableProps} />
      </ListCard>
      <ListCard
        title={t('remoteFiles.transfers')}
        testId="remote-transfers"
        failed={moves.query.isError && !moves.query.data}
        toolbar={
          <ServerListExport
            list={remoteFileApi.remoteTransferPage}
            filters={{ stationId }}
            table={moves}
            columns={moveColumns}
            fileName={t('remoteFiles.transfers')}
            testId="remote-transfers-export"
          />
        }
      >
        <Table<TransferRow> rowKey="id" size="small" columns={moveColumns} {...moves.tableProps} />
      </ListCard>
      <TransferModal stationId={stationId} push={transfer} onClose={() => setTransfer(undefined)} />
    </Flex>
  );
}
