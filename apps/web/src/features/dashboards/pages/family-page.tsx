import { dashboardApi, type FamilyView } from '@ess/contract';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EnergyFlow } from '@/components/energy-flow';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useFormat } from '@/lib/format/use-format';
import { clockOf } from '@/lib/station/station-time';
import styles from './family-page.module.css';
import { tokenOf } from './published-dashboard-page';

const REFRESH_MS = 10_000;

/**
 * The household view (/family#token=…): one home's solar, battery, use and grid now and today,
 * and what the battery saved, through the station's link, without sign-in; times on the
 * station's clock. A revoked link says so in the server's words.
 */
export function FamilyPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const view = useEndpoint(dashboardApi.familyView, token ? { token } : null, {
    refetchInterval: REFRESH_MS,
    call: { silent: true },
    retry: false,
  });
  if (!token) return <div className={`${styles.page} ${styles.message}`}>{t('publicDashboard.noToken')}</div>;
  if (view.isError && !view.data) {
    return (
      <div className={`${styles.page} ${styles.message}`} data-testid="family-error">
        {view.error.message}
      </div>
    );
  }
  if (!view.data) {
    return (
      <div className={styles.page}>
        <Skeleton active />
      </div>
    );
  }
  return <FamilyBody view={view.data} at={view.dataUpdatedAt} />;
}

function FamilyBody({ view, at }: { view: FamilyView; at: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const clock = clockOf(view.timezone);
  // A meter's figure is null only when the station has no such meter.
  const metered = (v: number | null) => (v === null ? t('family.noMeter') : f.energy(v));
  const tiles: { key: string; label: string; value: string; wide?: boolean }[] = [
    {
      key: 'soc',
      label: t('family.soc'),
      value: view.summary.soc === null ? '-' : `${f.number(view.summary.soc, 1)}%`,
    },
    { key: 'pv', label: t('family.pv'), value: metered(view.today.pvKwh) },
    { key: 'load', label: t('family.load'), value: metered(view.today.loadKwh) },
    { key: 'charge', label: t('family.charge'), value: f.energy(view.today.chargeKwh) },
    { key: 'discharge', label: t('family.discharge'), value: f.energy(view.today.dischargeKwh) },
    { key: 'gridImport', label: t('family.gridImport'), value: metered(view.today.gridImportKwh) },
    { key: 'gridExport', label: t('family.gridExport'), value: metered(view.today.gridExportKwh) },
    { key: 'savingsToday', label: t('family.savingsToday'), value: f.moneyExact(view.savingsToday) },
    { key: 'savingsMonth', label: t('family.savingsMonth'), value: f.moneyExact(view.savingsMonth), wide: true },
  ];
  return (
    <div className={styles.page} data-testid="family-view">
      <header className={styles.head}>
        <h1 className={styles.name}>{view.stationName}</h1>
        <span className={styles.note}>{t('family.title')}</span>
        <span className={styles.note}>{t('family.asOf', { time: clock.time(at), zone: clock.label })}</span>
      </header>
      <div className={styles.layout}>
        <EnergyFlow summary={view.summary} ratedKw={view.ratedKw} />
        <section className={styles.tiles} aria-label={t('family.today')}>
          {tiles.map((x) => (
            <div key={x.key} className={`${styles.tile} ${x.wide ? styles.wide : ''}`} data-testid={`family-${x.key}`}>
              <div className={styles.label}>{x.label}</div>
              <div className={styles.value}>{x.value}</div>
            </div>
          ))}
          <div className={`${styles.tile} ${styles.wide} ${styles.note}`}>{t('family.savingsNote')}</div>
        </section>
      </div>
    </div>
  );
}
