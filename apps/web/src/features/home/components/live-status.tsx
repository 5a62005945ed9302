import type { StationSummary } from '@ess/contract';
import { Badge, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import type { LiveStatus } from '@/lib/live/live-client';
import { useNow } from '../hooks/use-now';
import styles from './live-status.module.css';

const BADGE = { live: 'processing', polling: 'warning', connecting: 'default' } as const;

/** The live link's state and how old the newest value is. */
export function LiveStatusBadge({ status, summary }: { status: LiveStatus; summary: StationSummary | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const now = useNow();
  const ts = summary?.ts ?? null;
  return (
    <span className={styles.live} data-testid="home-live-status" data-status={status}>
      <Tooltip title={ts === null ? undefined : dayjs(ts).format('YYYY-MM-DD HH:mm:ss')}>
        <Badge status={BADGE[status]} text={t(`siteHome.live.${status}`)} />
      </Tooltip>
      <span className={styles.updated} data-testid="home-live-updated">
        {ts === null ? t('siteHome.live.noData') : t('siteHome.live.updated', { ago: f.ago(ts, now) })}
      </span>
    </span>
  );
}
