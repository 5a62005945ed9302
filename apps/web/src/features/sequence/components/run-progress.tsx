import type { SequenceRun, SequenceRunStep } from '@ess/contract';
import { Alert, Button, Popconfirm, Space, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { SEQUENCE_RUN_TAG } from './run-state-tag';

type Props = {
  run: SequenceRun;
  runPerm: string;
  onCancel: () => Promise<unknown>;
};

type StepStatus = 'wait' | 'process' | 'finish' | 'error';
const STATUS: Record<SequenceRunStep['state'], StepStatus> = {
  notRun: 'wait',
  running: 'process',
  success: 'finish',
  failed: 'error',
};

/**
 * A run step by step (vertical): waiting, running, success, failed with its reason, or not run
 * once the run stopped; a failed run names the step it stopped at.
 */
export function RunProgress({ run, runPerm, onCancel }: Props) {
  const { t } = useTranslation();
  const failed = run.steps.find((s) => s.state === 'failed') ?? run.steps.find((s) => s.index === run.failedStep);
  const stepText = (s: SequenceRunStep) =>
    s.state === 'notRun' && run.state === 'running'
      ? t('sequence.stepState.waiting')
      : t(`sequence.stepState.${s.state}`);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`run-${run.id}`}>
      <Space wrap>
        <Typography.Text strong>{run.templateName}</Typography.Text>
        <Tag color={SEQUENCE_RUN_TAG[run.state]} data-testid="run-state">
          {t(`sequence.runState.${run.state}`)}
        </Tag>
        {run.state === 'running' ? (
          <Permission perms={[runPerm]}>
            <Popconfirm title={t('sequence.progress.cancelConfirm')} onConfirm={onCancel}>
              <Button size="small" danger data-testid="run-cancel">
                {t('sequence.progress.cancel')}
              </Button>
            </Popconfirm>
          </Permission>
        ) : null}
      </Space>
      {run.state === 'failed' && failed ? (
        <Alert
          type="error"
          showIcon
          data-testid="run-failed"
          message={t('sequence.progress.failedAt', {
            index: failed.index,
            name: failed.name,
            message: failed.message ?? run.message ?? '-',
          })}
        />
      ) : null}
      {run.state === 'success' ? <Alert type="success" showIcon message={t('sequence.progress.succeeded')} /> : null}
      {run.state === 'cancelled' ? <Alert type="warning" showIcon message={t('sequence.progress.cancelled')} /> : null}
      <Steps
        direction="vertical"
        size="small"
        items={run.steps.map((s) => ({
          key: s.index,
          status: STATUS[s.state],
          title: (
            <span data-testid={`step-${s.index}`} data-state={s.state}>
              {s.index}. {s.name}
            </span>
          ),
          subTitle: stepText(s),
          description: (
            <>
              {s.deviceSns.length > 0 ? <div>{s.deviceSns.join(', ')}</div> : null}
              {s.message ? (
                <Typography.Text type={s.state === 'failed' ? 'danger' : 'secondary'}>{s.message}</Typography.Text>
              ) : null}
            </>
          ),
        }))}
      />
    </Space>
  );
}
