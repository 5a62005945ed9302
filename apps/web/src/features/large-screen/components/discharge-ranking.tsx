import type { SiteOverviewRow } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { palette } from '@/lib/theme/palette';
import styles from './screen-blocks.module.css';
import { ScreenPanel } from './screen-panel';

const SHOWN = 8;

/** The stations that discharged most today, with bars against the first; a click opens the station. */
export function DischargeRanking({ rows, onOpen }: { rows: SiteOverviewRow[]; onOpen: (stationId: number) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const ranked = rows
    .filter((r) => (r.dailyDischarge ?? 0) > 0)
    .sort((a, b) => (b.dailyDischarge ?? 0) - (a.dailyDischarge ?? 0))
    .slice(0, SHOWN);
  const top = ranked[0]?.dailyDischarge ?? 0;
  return (
    <ScreenPanel title={t('largeScreen.ranking.title')} testId="screen-ranking">
      {ranked.length === 0 ? (
        <div className={styles.empty}>{t('largeScreen.ranking.none')}</div>
      ) : (
        <ol className={styles.rows}>
          {ranked.map((r, i) => (
            <li key={r.stationId} className={styles.row} data-testid={`screen-rank-${r.stationId}`}>
              <button type="button" className={`${styles.link} ${styles.rowName}`} onClick={() => onOpen(r.stationId)}>
                {i + 1}. {r.name}
              </button>
              <span className={styles.rowValue}>{f.energy(r.dailyDischarge)}</span>
              <div className={styles.bar}>
                <div
                  className={styles.barFill}
                  style={{
                    width: `${top ? ((r.dailyDischarge ?? 0) / top) * 100 : 0}%`,
                    background: palette.largeScreen.discharge,
                  }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </ScreenPanel>
  );
}
