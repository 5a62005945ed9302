import type { PlanDeliveryStation } from '@ess/contract';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useControlSourceName } from '@/components/control-source/use-control-source-name';

/** How long after its acknowledgement a delivered plan is asked again until it runs. */
export const EXECUTION_WATCH_MS = 120_000;
export const EXECUTION_POLL_MS = 5_000;

/** A delivered station whose plan may still start running (watched by polling). */
export const awaitingExecution = (s: PlanDeliveryStation, now: number): boolean =>
  s.execution === 'notExecuting' && s.resolvedTime !== null && now - s.resolvedTime < EXECUTION_WATCH_MS;

const COLOR = { executing: 'green', notExecuting: 'orange', superseded: 'default' } as const;

/**
 * Delivered is not running: whether the station reports the plan curve in control, or which
 * source is instead and since when (the station's clock, `since` already formatted).
 */
export function ExecutionTag({ row, since }: { row: PlanDeliveryStation; since: string | null }) {
  const { t } = useTranslation();
  const sourceName = useControlSourceName();
  if (row.execution === null) return '-';
  const text =
    row.execution === 'notExecuting'
      ? t('planCurve.issue.exec.notExecuting', { source: row.controlSource ? sourceName(row.controlSource) : '-' })
      : t(`planCurve.issue.exec.${row.execution}`);
  return (
    <Space size={4} data-testid={`plan-execution-${row.stationId}`} data-execution={row.execution}>
      <Tag color={COLOR[row.execution]}>{text}</Tag>
      {since && row.execution !== 'superseded' ? (
        <Typography.Text type="secondary">{t('planCurve.issue.exec.since', { time: since })}</Typography.Text>
      ) : null}
    </Space>
  );
}
