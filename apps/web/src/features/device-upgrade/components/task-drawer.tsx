import { isUpgradeOpen, type UpgradeTaskAction, type UpgradeTaskDevice, upgradeApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Progress, Skeleton, Space, Steps, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { call } from '@/lib/api/client';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';
import { usePlatformTime } from '@/lib/format/platform-time';
import { DeviceStateTag, TaskStateTag, WAVE_STEP_STATUS } from './upgrade-tags';

const ACTION_CALLS = {
  pause: upgradeApi.upgradeTaskPause,
  resume: upgradeApi.upgradeTaskResume,
  cancel: upgradeApi.upgradeTaskCancel,
} as const;

/** One task: its waves as steps, why it halted, every device with state, progress and version; pause, resume, cancel. */
export function TaskDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<UpgradeTaskAction | null>(null);
  const detail = useEndpoint(upgradeApi.upgradeTask, id === null ? null : { id }, {
    // Devices report progress while a task runs: it is read again every 2 s until it is over.
    refetchInterval: (q) =>
      q.state.data && ['running', 'scheduled', 'paused'].includes(q.state.data.state) ? 2_000 : false,
  });
  const task = detail.data;
  const act = async (action: UpgradeTaskAction) => {
    if (id === null) return;
    setBusy(action);
    try {
      await call(ACTION_CALLS[action], { id });
      await refetchEndpoints(qc, [upgradeApi.upgradeTask, upgradeApi.upgradeTaskPage]);
    } catch {
      // The client showed the refusal.
    } finally {
      setBusy(null);
    }
  };
  const open = task && isUpgradeOpen(task.state);

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={t('deviceUpgrade.task.detail', { id: id ?? '' })}
      extra={
        open && (
          <Permission endpoint={upgradeApi.upgradeTaskPause}>
            <Space wrap>
              {(task.state === 'running' || task.state === 'scheduled') && (
                <Button onClick={() => void act('pause')} loading={busy === 'pause'} data-testid="upgrade-task-pause">
                  {t('deviceUpgrade.task.pause')}
                </Button>
              )}
              {(task.state === 'paused' || task.state === 'halted') && (
                <Button
                  type="primary"
                  onClick={() => void act('resume')}
                  loading={busy === 'resume'}
                  data-testid="upgrade-task-resume"
                >
                  {t('deviceUpgrade.task.resume')}
                </Button>
              )}
              <Popconfirm title={t('deviceUpgrade.task.cancelConfirm')} onConfirm={() => act('cancel')}>
                <Button danger loading={busy === 'cancel'} data-testid="upgrade-task-cancel">
                  {t('deviceUpgrade.task.cancel')}
                </Button>
              </Popconfirm>
            </Space>
          </Permission>
        )
      }
    >
      {!task ? (
        detail.isError ? (
          <Alert type="error" showIcon message={t('deviceUpgrade.loadFailed')} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="upgrade-task-detail">
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t('deviceUpgrade.task.state')}>
              <TaskStateTag state={task.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('deviceUpgrade.task.package')}>
              {task.modelCode} · {task.version}
            </Descriptions.Item>
            <Descriptions.Item label={clock.withZone(t('deviceUpgrade.task.startAt'))}>
              {clock.dateTime(task.startAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('deviceUpgrade.task.maxFailure')}>{task.maxFailurePct}</Descriptions.Item>
            <Descriptions.Item label={t('deviceUpgrade.task.reason')}>{task.purpose}</Descriptions.Item>
            <Descriptions.Item label={t('deviceUpgrade.task.createdBy')}>{task.createdBy ?? '-'}</Descriptions.Item>
          </Descriptions>
          {task.reason && (
            <Alert
              type={task.state === 'halted' ? 'error' : 'info'}
              showIcon
              data-testid="upgrade-task-reason-text"
              message={task.reason}
              description={task.state === 'halted' ? t('deviceUpgrade.task.resumeHalted') : undefined}
            />
          )}
          <Steps
            size="small"
            data-testid="upgrade-task-waves-steps"
            items={task.waves.map((w, i) => ({
              title: t('deviceUpgrade.task.waveOf', { wave: i + 1, waves: task.waves.length }),
              description: `${w.pct}% · ${t(`deviceUpgrade.waveState.${w.state}`)}`,
              status: WAVE_STEP_STATUS[w.state],
            }))}
          />
          <Table<UpgradeTaskDevice>
            data-testid="upgrade-task-devices"
            rowKey="deviceId"
            size="small"
            dataSource={task.devices}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { title: 'SN', dataIndex: 'sn' },
              { title: t('deviceUpgrade.task.wave'), dataIndex: 'wave', width: 70 },
              {
                title: t('deviceUpgrade.task.state'),
                dataIndex: 'state',
                render: (s: UpgradeTaskDevice['state']) => <DeviceStateTag state={s} />,
              },
              {
                title: t('deviceUpgrade.task.progress'),
                dataIndex: 'progress',
                width: 140,
                render: (p: number, d) => (
                  <Progress percent={p} size="small" status={d.state === 'failure' ? 'exception' : undefined} />
                ),
              },
              { title: t('deviceUpgrade.task.currentVersion'), dataIndex: 'version' },
              { title: t('deviceUpgrade.task.message'), dataIndex: 'message', ellipsis: true },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
