import { type DefinitionDetail, workorderApi } from '@ess/contract';
import { Drawer, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ProcessDiagram } from '@/components/process-diagram';
import { useEndpoint } from '@/lib/api/endpoint-query';

type Task = DefinitionDetail['userTasks'][number];

/** A definition version's diagram and who its user tasks go to. */
export function DefinitionDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useEndpoint(workorderApi.workorderDefinitionDetail, id === null ? null : { id });
  const d = detail.data;
  const none = t('workProcesses.definition.none');
  const columns: ColumnsType<Task> = [
    { key: 'task', title: t('workProcesses.definition.task'), render: (_, task) => task.name || task.id },
    {
      key: 'users',
      title: t('workProcesses.definition.candidateUsers'),
      render: (_, task) => task.candidateUsers.join(', ') || none,
    },
    {
      key: 'groups',
      title: t('workProcesses.definition.candidateGroups'),
      render: (_, task) => task.candidateGroups.join(', ') || none,
    },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      title={d ? t('workProcesses.definition.detailTitle', { name: d.name, version: d.version }) : ''}
      data-testid="definition-drawer"
    >
      {d ? (
        <>
          <ProcessDiagram xml={d.xml} height={440} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('workProcesses.definition.userTasks')}
          </Typography.Title>
          <Table<Task> rowKey="id" size="small" pagination={false} columns={columns} dataSource={d.userTasks} />
        </>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
