import type { SiteOverviewRow } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { STATUS_SEVERITY, useStatusColors } from '@/lib/station/site-status';
import styles from './screen-blocks.module.css';
import { ScreenPanel } from './screen-panel';

const SHOWN = 12;

/**
 * The stations shown, the worst state first (lost, offline, fault…), each with its SOC and
 * storage power now; a click opens the station.
 */
export function StationList({ rows, onOpen }: { rows: SiteOverviewRow[]; onOpen: (stationId: number) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const colors = useStatusColors();
  const sorted = [...rows]
    .sort((a, b) => STATUS_SEVERITY[b.status] - STATUS_SEVERITY[a.status] || a.name.localeCompare(b.name))
    .slice(0, SHOWN);
  return (
    <ScreenPanel title={t('largeScreen.list.title', { count: rows.length })} testId="screen-stations">
      <ul className={styles.rows}>
        {sorted.map((r) => (
          <li key={r.stationId} className={styles.alarm} data-testid={`screen-station-${r.stationId}`}>
            <span
              className={styles.level}
              style={{ background: colors[r.status] }}
              title={t(`siteOverview.status.${r.status}`)}
            />
            <button type="button" className={`${styles.link} ${styles.alarmText}`} onClick={() => onOpen(r.stationId)}>
              {r.name}
            </button>
            <span className={styles.alarmTime}>
              {r.soc === null ? '-' : `${f.number(r.soc, 0)}%`} · {f.energy(r.storagePower, 'kW')}
            </span>
          </li>
        ))}
      </ul>
    </ScreenPanel>
  );
}
