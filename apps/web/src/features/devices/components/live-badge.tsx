import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import type { StationLive } from '@/lib/live/use-station-live';

const BADGE = { live: 'processing', polling: 'warning', connecting: 'default' } as const;

/** Whether values arrive over the socket or by polling, and how fresh the station totals are. */
export function LiveBadge({ live }: { live: Pick<StationLive, 'status' | 'summary'> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ts = live.summary?.ts ?? null;
  return (
    <Tooltip title={t(`devices.live.${live.status}Hint`)}>
      <span data-testid="live-status" data-status={live.status}>
        <Badge status={BADGE[live.status]} text={t(`devices.live.${live.status}`)} />
        {ts !== null && (
          <span style={{ marginLeft: 8, opacity: 0.6, fontSize: 12 }}>
            {t('devices.live.updated', { ago: fmt.ago(ts) })}
          </span>
        )}
      </span>
    </Tooltip>
  );
}
