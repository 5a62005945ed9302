import { monitoringApi, type ProvinceCode, provinceName } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { StationMap } from '@/components/station-map';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { usePlatformTime } from '@/lib/format/platform-time';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf } from '@/lib/session/api/get-stations';
import { useCurrentStation } from '@/lib/station/current-station';
import { clockOf } from '@/lib/station/station-time';
import { AlarmTicker } from '../components/alarm-ticker';
import { DischargeRanking } from '../components/discharge-ranking';
import { FleetKpis } from '../components/fleet-kpis';
import { OnlineRate } from '../components/online-rate';
import blocks from '../components/screen-blocks.module.css';
import { ScreenClock } from '../components/screen-clock';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenPanel } from '../components/screen-panel';
import { StationList } from '../components/station-list';
import { StationPanel } from '../components/station-panel';
import { useCarbonToday } from '../model/fleet-carbon';
import { FLEET, markersOf, parentView, type ScreenView, startView } from '../model/screen-view';
import { useScreenView } from '../model/use-screen-view';
import styles from './screen-page.module.css';

/** The fleet's figures, like the site overview's, refreshed this often (one call for all stations). */
const OVERVIEW_REFRESH_MS = 30_000;

/**
 * The large screens (/screen, /common-screen: the group; /new-screen: a station; /new-screen-zz:
 * a province): a dark wall view of the stations in the session's scope, drilled down from the
 * country to a province to a station in the address's hash. Read-only: every call it makes is
 * a screen call of the endpoint table.
 */
export function ScreenPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const lang = useLang();
  const { pathname } = useLocation();
  const current = useCurrentStation();
  const overview = useEndpoint(monitoringApi.siteOverview, {}, { refetchInterval: OVERVIEW_REFRESH_MS });
  const [hashView, go] = useScreenView();
  const stations = stationsOf(current.stations.data);
  const rows = overview.data ?? [];
  const view: ScreenView =
    hashView ??
    startView(
      pathname,
      current.station ? { id: current.station.id, provinceCode: current.station.provinceCode } : null,
    );
  const provinceOf = (id: number): ProvinceCode | null => stations.find((s) => s.id === id)?.provinceCode ?? null;
  const open = (id: number) => go({ kind: 'station', id });

  const station = view.kind === 'station' ? stations.find((s) => s.id === view.id) : undefined;
  const stationRow = station ? rows.find((r) => r.stationId === station.id) : undefined;
  const province = view.kind === 'province' ? view.code : null;
  const shownRows = province ? rows.filter((r) => provinceOf(r.stationId) === province) : rows;
  const shownIds = station ? [station.id] : shownRows.map((r) => r.stationId);
  const carbonKg = useCarbonToday(shownIds);

  const title = station
    ? t('largeScreen.title.station', { name: station.name })
    : province
      ? t('largeScreen.title.province', { province: provinceName(province, lang) })
      : t('largeScreen.title.fleet');
  // A station's wall at its clock; the fleet and a province at the viewer's.
  const viewerClock = usePlatformTime();
  const clock = station ? clockOf(station.timezone) : viewerClock;
  const up = view.kind === 'fleet' ? null : parentView(view, provinceOf);

  const left = (
    <div className={styles.crumbs}>
      <ScreenClock clock={clock} station={station !== undefined} />
    </div>
  );
  const right = (
    <>
      {overview.dataUpdatedAt > 0 && <span>{t('largeScreen.updated', { ago: f.ago(overview.dataUpdatedAt) })}</span>}
      {up && (
        <button type="button" className={blocks.link} onClick={() => go(up)} data-testid="screen-up">
          {up.kind === 'fleet' ? t('largeScreen.toFleet') : t('largeScreen.back')}
        </button>
      )}
    </>
  );

  let body: React.ReactNode;
  if (overview.isError && !overview.data) body = <div className={blocks.empty}>{t('largeScreen.loadFailed')}</div>;
  else if (!overview.data || current.isPending) body = null;
  else if (rows.length === 0) body = <div className={blocks.empty}>{t('largeScreen.empty')}</div>;
  else if (station && stationRow)
    body = <StationPanel station={station} row={stationRow} carbonKg={carbonKg} onOpen={open} />;
  else
    body = (
      <div className={styles.fleet}>
        <FleetKpis rows={shownRows} carbonKg={carbonKg} />
        <div className={styles.columns}>
          <div className={styles.side}>
            <OnlineRate rows={shownRows} />
            <DischargeRanking rows={shownRows} onOpen={open} />
          </div>
          <ScreenPanel title={t('largeScreen.map.title')} testId="screen-map-panel">
            <StationMap
              markers={markersOf(stations, rows)}
              province={province}
              tone="wall"
              onProvince={(code) => go(province === code ? FLEET : { kind: 'province', code })}
              onStation={open}
            />
          </ScreenPanel>
          <div className={styles.sideRight}>
            <AlarmTicker rows={shownRows} onOpen={open} />
            <StationList rows={shownRows} onOpen={open} />
          </div>
        </div>
      </div>
    );

  return (
    <ScreenFrame title={title} left={left} right={right}>
      {body}
    </ScreenFrame>
  );
}
