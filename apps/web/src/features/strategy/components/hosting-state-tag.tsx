import type { HostingDayRow } from '@ess/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR = {
  pending: 'processing',
  approved: 'cyan',
  rejected: 'default',
  delivering: 'processing',
  delivered: 'success',
  fallback: 'warning',
} as const;

/** A hosted day's state; a fallback says why on hover. */
export function HostingStateTag({ row }: { row: Pick<HostingDayRow, 'state' | 'reason' | 'date'> }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={COLOR[row.state]} data-testid={`hosting-state-${row.date}`} data-state={row.state}>
      {t(`strategy.hosting.states.${row.state}`)}
    </Tag>
  );
  return row.reason ? <Tooltip title={row.reason}>{tag}</Tooltip> : tag;
}
