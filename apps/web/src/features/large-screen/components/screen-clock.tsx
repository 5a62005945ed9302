import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/hooks/use-now';
import type { StationTime } from '@/lib/station/station-time';

/** A ticking clock with its zone: the station's on a station, the viewer's computer's otherwise. */
export function ScreenClock({ clock, station }: { clock: StationTime; station: boolean }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  return (
    <span data-testid="screen-clock">
      {clock.dateTime(now)}{' '}
      {station
        ? t('largeScreen.station.clock', { zone: clock.label })
        : t('largeScreen.viewerClock', { zone: clock.label })}
    </span>
  );
}
