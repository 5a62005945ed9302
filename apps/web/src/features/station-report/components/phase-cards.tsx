import { deviationPct, type Limits, type QualityStats } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { signedDifference } from '@/lib/format/signed-difference';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';
import styles from './phase-cards.module.css';

export type PhaseCard = {
  code: string;
  name: string;
  color: string;
  unit: string;
  decimals: number;
  limits: Limits;
  /** The newest value from the live socket (or its polling fallback). */
  live: number | null;
  stats: QualityStats | null;
};

const within = (v: number, l: Limits) => v >= l.lower && v <= l.upper;

/** One card per phase (and frequency): live value and deviation, share within limits, extremes, excursions. */
export function PhaseCards({ cards }: { cards: PhaseCard[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const lang = useLang();
  return (
    <div className={styles.cards}>
      {cards.map((c) => {
        const dev = c.live === null ? null : deviationPct(c.live, c.limits);
        const ok = c.live === null || within(c.live, c.limits);
        const share = c.stats?.withinShare ?? null;
        return (
          <div key={c.code} className={styles.card} data-testid={`pq-card-${c.code}`}>
            <div className={styles.head}>
              <span className={styles.dot} style={{ background: c.color }} />
              {c.name}
            </div>
            <div className={styles.live}>
              <span className={ok ? styles.value : styles.bad} data-testid={`pq-live-${c.code}`}>
                {fmt.value(c.live, c.unit, c.decimals)}
              </span>
              {dev !== null && (
                <span className={ok ? styles.dev : styles.devBad}>{signedDifference(dev, lang, 2, '%').text}</span>
              )}
            </div>
            <dl className={styles.facts}>
              <dt>{t('powerQuality.withinShare')}</dt>
              <dd className={share !== null && share < 1 ? styles.warn : undefined}>
                {share === null ? '-' : `${fmt.number(share * 100, 2)} %`}
              </dd>
              <dt>{t('powerQuality.min')}</dt>
              <dd>{fmt.value(c.stats?.min?.value, c.unit, c.decimals)}</dd>
              <dt>{t('powerQuality.max')}</dt>
              <dd>{fmt.value(c.stats?.max?.value, c.unit, c.decimals)}</dd>
              <dt>{t('powerQuality.excursions')}</dt>
              <dd className={c.stats?.excursions.length ? styles.warn : undefined}>
                {c.stats ? fmt.number(c.stats.excursions.length, 0) : '-'}
              </dd>
            </dl>
          </div>
        );
      })}
    </div>
  );
}
