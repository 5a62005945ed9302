import type { SiteOverviewRow } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { fleetFigures } from '@/lib/station/fleet-figures';
import { palette } from '@/lib/theme/palette';
import styles from './screen-blocks.module.css';

type Tile = { key: keyof typeof palette.largeScreen; label: string; value: string; note: string };

/**
 * The fleet's KPIs over the rows shown (the whole fleet or a province): stations, installed
 * capacity, storage power now, today's charge, discharge and revenue ("today so far": the day is
 * not over), CO₂ avoided today by PV
 * (the home page's figure, summed). Revenue adds only amounts of one currency.
 */
export function FleetKpis({
  rows,
  carbonKg,
  station = false,
}: {
  rows: SiteOverviewRow[];
  carbonKg: number | null;
  /** One station: its SOC and energy to discharge instead of a count of one. */
  station?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const fleet = fleetFigures(rows);
  const [main, ...others] = fleet.revenue;
  const power = fleet.storageKw;
  const direction =
    power === null || Math.abs(power) < 1
      ? t('largeScreen.kpi.idle')
      : power > 0
        ? t('largeScreen.kpi.discharging')
        : t('largeScreen.kpi.charging');
  const today = t('largeScreen.kpi.today');
  const tiles: Tile[] = [
    station
      ? {
          key: 'stations',
          label: t('largeScreen.station.soc'),
          value: rows[0]?.soc == null ? '-' : `${f.number(rows[0].soc, 1)}%`,
          note: t('largeScreen.kpi.dischargeable', { value: f.energy(rows[0]?.dischargeableEnergy ?? null) }),
        }
      : {
          key: 'stations',
          label: t('largeScreen.kpi.stations'),
          value: f.number(fleet.stations, 0),
          note: t('largeScreen.kpi.stationsNote', { count: fleet.operating }),
        },
    {
      key: 'capacity',
      label: t('largeScreen.kpi.capacity'),
      value: f.energy(fleet.capacityKwh),
      note: t('largeScreen.kpi.ratedNote', { value: f.energy(fleet.ratedKw, 'kW') }),
    },
    {
      key: 'power',
      label: t('largeScreen.kpi.power'),
      value: f.energy(power === null ? null : Math.abs(power), 'kW'),
      note: direction,
    },
    { key: 'charge', label: t('largeScreen.kpi.charge'), value: f.energy(fleet.chargeKwh), note: today },
    { key: 'discharge', label: t('largeScreen.kpi.discharge'), value: f.energy(fleet.dischargeKwh), note: today },
    {
      key: 'revenue',
      label: t('largeScreen.kpi.revenue'),
      value: f.money(main?.amount ?? null),
      note: others.length
        ? t('largeScreen.kpi.otherCurrency', {
            count: others.reduce((s, o) => s + o.stations, 0),
            currency: others.map((o) => o.currency).join(', '),
          })
        : today,
    },
    {
      key: 'carbon',
      label: t('largeScreen.kpi.carbon'),
      value: f.weight(carbonKg),
      note: t('largeScreen.kpi.carbonNote'),
    },
  ];
  return (
    <div className={styles.kpis}>
      {tiles.map((x) => (
        <div
          key={x.key}
          className={styles.kpi}
          style={{ borderLeftColor: palette.largeScreen[x.key] }}
          data-testid={`screen-kpi-${x.key}`}
        >
          <div className={styles.kpiLabel}>{x.label}</div>
          <div className={styles.kpiValue} data-testid={`screen-kpi-${x.key}-value`}>
            {x.value}
          </div>
          <div className={styles.kpiNote} title={x.note}>
            {x.note}
          </div>
        </div>
      ))}
    </div>
  );
}
