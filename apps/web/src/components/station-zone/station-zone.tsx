import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStationTime } from '@/lib/station/station-time';

/**
 * The station's zone beside a chart, range or table whose times are the station's clock:
 * shown only when the browser reads another clock (offset, or the IANA name of a zone with
 * summer time; the tooltip gives both).
 */
export function StationZone() {
  const { t } = useTranslation();
  const clock = useStationTime();
  if (!clock.differs) return null;
  return (
    <Tooltip title={t('nav.stationTime', { zone: clock.full() })}>
      <Tag bordered={false} data-testid="station-zone">
        {clock.label}
      </Tag>
    </Tooltip>
  );
}

/**
 * An instant as `YYYY-MM-DD HH:mm:ss` on the station's clock, with the zone when the browser
 * reads another; for tooltips (rendered when they open).
 */
export function StationDateTime({ ts }: { ts: number }) {
  const clock = useStationTime();
  return <>{clock.withZone(clock.dateTime(ts))}</>;
}
