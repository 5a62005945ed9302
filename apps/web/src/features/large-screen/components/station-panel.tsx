import { monitoringApi, type SiteOverviewRow, type StationNode } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { EnergyFlow, hasFlowData } from '@/components/energy-flow';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { EChart } from '@/lib/charts/echart';
import { curveHasData } from '@/lib/charts/power-curve-option';
import { usePowerCurveOption } from '@/lib/charts/use-power-curve-option';
import { useFormat } from '@/lib/format/use-format';
import { useStationLive } from '@/lib/live/use-station-live';
import { clockOf } from '@/lib/station/station-time';
import { AlarmTicker } from './alarm-ticker';
import { FleetKpis } from './fleet-kpis';
import styles from './screen-blocks.module.css';
import { ScreenPanel } from './screen-panel';

const CURVE_REFRESH_MS = 5 * 60_000;
const DEVICES_REFRESH_MS = 30_000;

/**
 * One station on the wall: its KPIs, live energy flow (its own live socket: the screen follows
 * only the station it shows), today's power curve reaching now, device counts and its alarms.
 */
export function StationPanel({
  station,
  row,
  carbonKg,
  onOpen,
}: {
  station: StationNode;
  row: SiteOverviewRow;
  carbonKg: number | null;
  onOpen: (stationId: number) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const live = useStationLive(station.id);
  // The live socket's summary; while the socket is down the hook polls the same answer itself.
  const summary = live.summary;
  const curve = useEndpoint(
    monitoringApi.realtimeCurve,
    { stationId: station.id },
    { refetchInterval: CURVE_REFRESH_MS },
  );
  const devices = useEndpoint(
    monitoringApi.deviceStatus,
    { stationId: station.id },
    { refetchInterval: DEVICES_REFRESH_MS },
  );
  const clock = clockOf(station.timezone);
  const option = usePowerCurveOption(curve.data, summary);
  const total = devices.data?.total;
  return (
    <div className={styles.stationPanel}>
      <FleetKpis rows={[row]} carbonKg={carbonKg} station />
      <div className={styles.stationColumns}>
        <ScreenPanel title={t('largeScreen.station.flow')} testId="screen-station-flow">
          {summary !== null && !hasFlowData(summary) ? (
            <div className={styles.empty}>{t('largeScreen.station.noFlow')}</div>
          ) : (
            <EnergyFlow summary={summary} ratedKw={station.ratedPowerKw} pending={summary === null} />
          )}
        </ScreenPanel>
        <ScreenPanel
          title={`${t('largeScreen.station.curve')} · ${t('largeScreen.station.clock', { zone: clock.label })}`}
          testId="screen-station-curve"
        >
          {option && curve.data && curveHasData(curve.data.series, summary) ? (
            <EChart option={option} height={560} renderer="svg" />
          ) : (
            <div className={styles.empty}>{t('largeScreen.station.noCurve')}</div>
          )}
        </ScreenPanel>
        <div className={styles.stationSide}>
          <ScreenPanel title={t('largeScreen.station.overview')} testId="screen-station-status">
            <ul className={styles.rows}>
              <li className={styles.row}>
                <span className={styles.rowName}>{t('largeScreen.station.status')}</span>
                <span className={styles.rowValue} data-testid="screen-station-state">
                  {t(`siteOverview.status.${row.status}`)}
                </span>
              </li>
              <li className={styles.row}>
                <span className={styles.rowName}>{t('largeScreen.kpi.capacity')}</span>
                <span className={styles.rowValue}>{f.energy(row.capacity)}</span>
              </li>
              <li className={styles.row}>
                <span className={styles.rowName}>{t('largeScreen.station.devices')}</span>
                <span className={styles.rowValue} data-testid="screen-station-devices">
                  {total ? t('largeScreen.station.devicesValue', { online: total.online, total: total.total }) : '-'}
                </span>
              </li>
            </ul>
          </ScreenPanel>
          <AlarmTicker rows={[row]} onOpen={onOpen} />
        </div>
      </div>
    </div>
  );
}
