import type { SiteOverviewRow } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { fleetFigures } from '@/lib/station/fleet-figures';
import { countByLegend, LEGEND, type LegendKey, useStatusColors } from '@/lib/station/site-status';
import styles from './screen-blocks.module.css';
import { ScreenPanel } from './screen-panel';

const R = 62;
const C = 2 * Math.PI * R;

/** Online share of the stations in operation as a ring, and how many stations are in each state. */
export function OnlineRate({ rows }: { rows: SiteOverviewRow[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const colors = useStatusColors();
  const fleet = fleetFigures(rows);
  const counts = countByLegend(rows);
  const pct = fleet.onlinePct;
  return (
    <ScreenPanel title={t('largeScreen.online.title')} testId="screen-online">
      <div className={styles.onlineRate}>
        <svg viewBox="0 0 160 160" width={160} height={160} role="img" aria-label={t('largeScreen.online.title')}>
          <circle cx={80} cy={80} r={R} fill="none" stroke={colors.offline} strokeOpacity={0.35} strokeWidth={14} />
          <circle
            cx={80}
            cy={80}
            r={R}
            fill="none"
            stroke={colors.normal}
            strokeWidth={14}
            strokeDasharray={`${((pct ?? 0) / 100) * C} ${C}`}
            transform="rotate(-90 80 80)"
            strokeLinecap="round"
          />
          <text
            x={80}
            y={88}
            textAnchor="middle"
            fontSize={30}
            fontWeight={600}
            fill="currentColor"
            data-testid="screen-online-pct"
          >
            {pct === null ? '-' : `${f.number(pct, 1)}%`}
          </text>
        </svg>
        <div>
          <div className={`${styles.empty} ${styles.onlineDetail}`}>
            {fleet.operating
              ? t('largeScreen.online.detail', { online: fleet.online, total: fleet.operating })
              : t('largeScreen.online.none')}
          </div>
          <ul className={styles.rows}>
            {LEGEND.filter((k: LegendKey) => counts[k] > 0).map((k) => (
              <li key={k} className={styles.row}>
                <span className={styles.rowName}>
                  <span className={`${styles.level} ${styles.legendMark}`} style={{ background: colors[k] }} />
                  {t(`siteOverview.legendItem.${k}`)}
                </span>
                <span className={styles.rowValue}>{counts[k]}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </ScreenPanel>
  );
}
