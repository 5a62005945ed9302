import type { SiteOverviewRow } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { fleetFigures } from '@/lib/station/fleet-figures';
import styles from './fleet-summary.module.css';

/**
 * Fleet totals over the sites in view: count, installed capacity (in operation; what is being
 * built or planned is noted apart), communicating sites among those in operation (stations under construction or proposed are not expected to communicate) and
 * today's energy.
 */
export function FleetSummary({ rows }: { rows: SiteOverviewRow[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const fleet = fleetFigures(rows);
  const tiles: { key: string; label: string; value: string; note?: string }[] = [
    { key: 'sites', label: t('siteOverview.summary.sites'), value: fmt.number(fleet.stations, 0) },
    { key: 'online', label: t('siteOverview.summary.online'), value: `${fleet.online} / ${fleet.operating}` },
    {
      key: 'capacity',
      label: t('siteOverview.summary.capacity'),
      value: fmt.energy(fleet.capacityKwh),
      note: fleet.notInOperationKwh
        ? t('siteOverview.summary.notInOperation', { value: fmt.energy(fleet.notInOperationKwh) })
        : undefined,
    },
    {
      key: 'charge',
      label: t('siteOverview.summary.dailyCharge'),
      value: fmt.energy(fleet.chargeKwh),
    },
    {
      key: 'discharge',
      label: t('siteOverview.summary.dailyDischarge'),
      value: fmt.energy(fleet.dischargeKwh),
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
