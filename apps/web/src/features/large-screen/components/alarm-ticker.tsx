import { type AlarmListRow, alarmApi, type SiteOverviewRow } from '@ess/contract';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '@/lib/api/endpoint-query';
import { usePlatformTime } from '@/lib/format/platform-time';
import { useLang } from '@/lib/i18n/use-lang';
import { clockOf } from '@/lib/station/station-time';
import { palette } from '@/lib/theme/palette';
import styles from './screen-blocks.module.css';
import { ScreenPanel } from './screen-panel';

/** The stations whose alarms are read: the ones with most active alarms (each one call). */
const STATIONS_READ = 4;
const PER_STATION = 6;
const SHOWN = 8;
const REFRESH_MS = 15_000;

/**
 * Live alarms of the fleet shown: the newest active ones of the stations with most active alarms
 * (the overview says which), each at its station's clock. Only those stations are asked.
 */
export function AlarmTicker({ rows, onOpen }: { rows: SiteOverviewRow[]; onOpen: (stationId: number) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const alarmed = rows
    .filter((r) => (r.alarmNum ?? 0) > 0)
    .sort((a, b) => (b.alarmNum ?? 0) - (a.alarmNum ?? 0))
    .slice(0, STATIONS_READ);
  const pages = useQueries({
    queries: alarmed.map((r) => ({
      ...endpointQuery(
        alarmApi.alarmRealtimePage,
        { stationId: r.stationId, pageNum: 1, pageSize: PER_STATION },
        lang,
        {
          silent: true,
        },
      ),
      refetchInterval: REFRESH_MS,
    })),
  });
  const zoneOf = new Map(rows.map((r) => [r.stationId, r.timezone]));
  const viewerClock = usePlatformTime();
  const line = (e: AlarmListRow) =>
    t('largeScreen.ticker.line', {
      station: e.stationName,
      device: e.deviceName ?? '-',
      name: e.pointName ?? e.content,
    });
  // Each alarm at its station's clock; one of a station no longer listed at the viewer's.
  const clockAt = (stationId: number) => {
    const zone = zoneOf.get(stationId);
    return zone ? clockOf(zone) : viewerClock;
  };
  const events: AlarmListRow[] = pages
    .flatMap((p) => p.data?.rows ?? [])
    .filter((e) => e.recoveredAt === null)
    .sort((a, b) => b.raisedAt - a.raisedAt)
    .slice(0, SHOWN);
  return (
    <ScreenPanel title={t('largeScreen.ticker.title')} testId="screen-alarms">
      {events.length === 0 ? (
        <div className={styles.empty}>{t('largeScreen.ticker.none')}</div>
      ) : (
        <ul className={styles.rows}>
          {events.map((e) => (
            <li key={e.id} className={styles.alarm} data-testid="screen-alarm">
              <span className={styles.level} style={{ background: palette.alarmLevel[e.level] }} />
              <button
                type="button"
                className={`${styles.link} ${styles.alarmText}`}
                onClick={() => onOpen(e.stationId)}
                title={`${line(e)} — ${e.content}`}
              >
                {line(e)}
              </button>
              <span className={styles.alarmTime}>{clockAt(e.stationId).shortDateTime(e.raisedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </ScreenPanel>
  );
}
