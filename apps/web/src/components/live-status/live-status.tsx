import { Badge, type GlobalToken, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { StationDateTime } from '@/components/station-zone/station-zone';
import { useFormat } from '@/lib/format/use-format';
import { useNow } from '@/lib/hooks/use-now';
import type { LiveStatus as LinkStatus } from '@/lib/live/live-client';
import styles from './live-status.module.css';

/**
 * The one colour map of the live link, by antd theme token: live is the info colour (with
 * antd's pulse), polling the warning colour, connecting the placeholder grey, revoked (the
 * user no longer has access to the station) the error colour.
 */
export const LIVE_STATUS_TOKENS = {
  live: 'colorInfo',
  polling: 'colorWarning',
  connecting: 'colorTextPlaceholder',
  revoked: 'colorError',
} as const satisfies Record<LinkStatus, keyof GlobalToken>;

type Props = {
  status: LinkStatus;
  /**
   * When the newest value was measured, shown as its age ("updated 2 minutes ago", the time
   * itself on hover); null says there is no live data yet; left out, no age is shown.
   */
  ts?: number | null;
};

/** Whether values arrive over the socket or by polling (the hint says what that means), and how fresh they are. */
export function LiveStatus({ status, ts }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const { token } = theme.useToken();
  const now = useNow(15_000, ts !== undefined && ts !== null);
  return (
    <span className={styles.live} data-testid="live-status" data-status={status}>
      <Tooltip title={t(`liveStatus.${status}Hint`)}>
        <Badge
          status={status === 'live' ? 'processing' : undefined}
          color={token[LIVE_STATUS_TOKENS[status]]}
          text={t(`liveStatus.${status}`)}
        />
      </Tooltip>
      {ts !== undefined && (
        <Tooltip title={ts === null ? undefined : <StationDateTime ts={ts} />}>
          <span className={styles.updated} data-testid="live-status-updated">
            {ts === null ? t('liveStatus.noData') : t('liveStatus.updated', { ago: f.ago(ts, now) })}
          </span>
        </Tooltip>
      )}
    </span>
  );
}
