import { isUpgradeOpen, type UpgradeTaskRow, upgradeApi } from '@ess/contract';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, ListCard, ServerListExport, useServerTable } from '@/components/crud';
import { usePlatformTime } from '@/lib/format/platform-time';
import { TaskDrawer } from './task-drawer';
import { TaskFormDrawer } from './task-form-drawer';
import { TaskStateTag } from './upgrade-tags';

/** Upgrade tasks, newest first: state, package, devices succeeded and failed, wave reached. */
export function TasksTab() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const table = useServerTable(upgradeApi.upgradeTaskPage, {});
  const anyOpen = table.rows.some((r) => isUpgradeOpen(r.state));
  const { refetch } = table.query;
  useEffect(() => {
    if (!anyOpen) return;
    const timer = setInterval(() => void refetch(), 3_000);
    return () => clearInterval(timer);
  }, [anyOpen, refetch]);

  const columns: ColumnsType<UpgradeTaskRow> = [
    { title: '#', dataIndex: 'id', width: 60 },
    {
      title: t('deviceUpgrade.task.state'),
      dataIndex: 'state',
      render: (s: UpgradeTaskRow['state']) => <TaskStateTag state={s} />,
    },
    {
      title: t('deviceUpgrade.task.package'),
      key: 'package',
      render: (_: unknown, r) => `${r.modelCode} · ${r.version}`,
    },
    {
      title: t('deviceUpgrade.task.devices'),
      key: 'devices',
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          <span>{r.devices}</span>
          <Typography.Text type="success">{t('deviceUpgrade.task.succeeded', { count: r.succeeded })}</Typography.Text>
          {r.failed > 0 && (
            <Typography.Text type="danger">{t('deviceUpgrade.task.failed', { count: r.failed })}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('deviceUpgrade.task.wave'),
      key: 'wave',
      render: (_: unknown, r) => t('deviceUpgrade.task.waveOf', { wave: r.wave, waves: r.waves }),
    },
    { title: t('deviceUpgrade.task.reason'), dataIndex: 'purpose', ellipsis: true },
    {
      title: clock.withZone(t('deviceUpgrade.task.startAt')),
      dataIndex: 'startAt',
      key: 'startAt',
      sorter: true,
      render: (v: number) => clock.dateTime(v),
    },
    { title: t('deviceUpgrade.task.createdBy'), dataIndex: 'createdBy' },
    {
      title: t('crud.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setShown(r.id)} data-testid={`upgrade-task-open-${r.id}`}>
          {t('crud.detail')}
        </Button>
      ),
    },
  ];
  return (
    <ListCard
      title={t('deviceUpgrade.tabs.tasks')}
      testId="upgrade-tasks"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <Space>
          <ServerListExport
            list={upgradeApi.upgradeTaskPage}
            filters={{}}
            table={table}
            columns={columns}
            fileName={t('deviceUpgrade.tabs.tasks')}
            testId="upgrade-tasks-export"
          />
          <AddButton
            endpoint={upgradeApi.upgradeTaskAdd}
            onClick={() => setAdding(true)}
            label={t('deviceUpgrade.task.add')}
            testId="upgrade-task-add"
          />
        </Space>
      }
    >
      <Table<UpgradeTaskRow> rowKey="id" size="small" columns={columns} {...table.tableProps} />
      <TaskFormDrawer open={adding} onClose={() => setAdding(false)} onCreated={setShown} />
      <TaskDrawer id={shown} onClose={() => setShown(null)} />
    </ListCard>
  );
}
