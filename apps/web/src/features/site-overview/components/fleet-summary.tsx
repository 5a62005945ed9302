import type { SiteOverviewRow } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { communicating, inOperation } from '../site-status';
import styles from './fleet-summary.module.css';

const total = (rows: SiteOverviewRow[], pick: (r: SiteOverviewRow) => number | null): number | null => {
  const present = rows.map(pick).filter((v): v is number => v !== null);
  return present.length ? present.reduce((s, v) => s + v, 0) : null;
};

/**
 * Fleet totals over the sites in view: count, installed capacity (in operation; what is being
 * built or planned is noted apart), communicating sites among those in operation (stations under construction or proposed are not expected to communicate) and
 * today's energy.
 */
export function FleetSummary({ rows }: { rows: SiteOverviewRow[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const operating = rows.filter((r) => inOperation(r.status));
  const reachable = operating.filter((r) => communicating(r.status)).length;
  // Installed is what is in operation; the capacity still being built or planned is noted apart.
  const building = total(
    rows.filter((r) => !inOperation(r.status)),
    (r) => r.capacity,
  );
  const tiles: { key: string; label: string; value: string; note?: string }[] = [
    { key: 'sites', label: t('siteOverview.summary.sites'), value: fmt.number(rows.length, 0) },
    { key: 'online', label: t('siteOverview.summary.online'), value: `${reachable} / ${operating.length}` },
    {
      key: 'capacity',
      label: t('siteOverview.summary.capacity'),
      value: fmt.energy(total(operating, (r) => r.capacity)),
      note: building ? t('siteOverview.summary.notInOperation', { value: fmt.energy(building) }) : undefined,
    },
    {
      key: 'charge',
      label: t('siteOverview.summary.dailyCharge'),
      value: fmt.energy(total(rows, (r) => r.dailyCharge)),
    },
    {
      key: 'discharge',
      label: t('siteOverview.summary.dailyDischarge'),
      value: fmt.energy(total(rows, (r) => r.dailyDischarge)),
    },
  ];
  return (
    <div className={styles.tiles}>
      {tiles.map((x) => (
        <div key={x.key} className={styles.tile} data-testid={`site-overview-total-${x.key}`}>
          <div className={styles.label}>{x.label}</div>
          <div className={styles.value}>{x.value}</div>
          {x.note && <div className={styles.note}>{x.note}</div>}
        </div>
      ))}
    </div>
  );
}
