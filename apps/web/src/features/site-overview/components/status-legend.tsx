import { useTranslation } from 'react-i18next';
import { LEGEND, type LegendKey } from '../site-status';
import styles from './status-legend.module.css';

type Props = {
  counts: Record<LegendKey, number>;
  /** The state the table is filtered to, or null for all. */
  active: LegendKey | null;
  onPick: (key: LegendKey | null) => void;
};

/** The site-status legend (spec 4) with how many sites are in each state; a click filters the table. */
export function StatusLegend({ counts, active, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.legend} role="toolbar" aria-label={t('siteOverview.legend')}>
      {LEGEND.map((l) => (
        <button
          key={l.key}
          type="button"
          className={`${styles.item} ${active === l.key ? styles.active : ''}`}
          aria-pressed={active === l.key}
          data-testid={`site-overview-legend-${l.key}`}
          onClick={() => onPick(active === l.key ? null : l.key)}
        >
          <span className={styles.dot} style={{ background: l.color }} />
          <span>{t(`siteOverview.legendItem.${l.key}`)}</span>
          <span className={styles.count}>{counts[l.key]}</span>
        </button>
      ))}
    </div>
  );
}
