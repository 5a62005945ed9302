import { useTranslation } from 'react-i18next';
import { LEGEND, type LegendKey, useStatusColors } from '@/lib/station/site-status';
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
  const colors = useStatusColors();
  return (
    <div className={styles.legend} role="toolbar" aria-label={t('siteOverview.legend')}>
      {LEGEND.map((key) => (
        <button
          key={key}
          type="button"
          className={`${styles.item} ${active === key ? styles.active : ''}`}
          aria-pressed={active === key}
          data-testid={`site-overview-legend-${key}`}
          onClick={() => onPick(active === key ? null : key)}
        >
          <span className={styles.dot} style={{ background: colors[key] }} />
          <span>{t(`siteOverview.legendItem.${key}`)}</span>
          <span className={styles.count}>{counts[key]}</span>
        </button>
      ))}
    </div>
  );
}
