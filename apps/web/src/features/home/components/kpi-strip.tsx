import {
  dischargeableKwh,
  hoursToSocLimit,
  roundTripEfficiency,
  type StationKpis,
  type StationSummary,
} from '@ess/contract';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type StorageState, storageStateOf } from '@/components/energy-flow';
import { useFormat } from '@/lib/format/use-format';
import { palette } from '@/lib/theme/palette';
import styles from './kpi-strip.module.css';

/** A shown figure; `full` is the unrounded figure the tooltip gives. */
type Parts = { value: string; unit: string; full?: string } | null;

function Tile(props: { label: string; parts: Parts; accent: string; sub?: ReactNode; testId: string; bar?: number }) {
  const { label, parts, accent, sub, testId, bar } = props;
  const shown = parts ? `${parts.value}${parts.unit ? ` ${parts.unit}` : ''}` : '-';
  return (
    <div className={styles.tile} style={{ '--accent': accent } as CSSProperties} data-testid={testId}>
      <div className={styles.label} title={label}>
        {label}
      </div>
      {/* Never cut: the figure shrinks with its tile and the unit wraps below it if need be. */}
      <div className={styles.value} data-testid={`${testId}-value`} title={parts?.full ?? shown}>
        <span className={styles.number}>{parts ? parts.value : '-'}</span>
        {parts?.unit ? <span className={styles.unit}>{parts.unit}</span> : null}
      </div>
      {bar !== undefined && (
        <div className={styles.socBar}>
          <div className={styles.socFill} style={{ width: `${Math.max(0, Math.min(100, bar))}%` }} />
        </div>
      )}
      {sub !== undefined && (
        <div className={styles.sub} data-testid={`${testId}-sub`}>
          {sub}
        </div>
      )}
    </div>
  );
}

/** The storage state and how long the present power lasts until the SOC window's edge. */
function StorageReach(props: { soc: number | null; power: number; state: StorageState; capacityKwh: number }) {
  const { soc, power, state, capacityKwh } = props;
  const { t } = useTranslation();
  const f = useFormat();
  const label = t(`siteHome.state.${state}`);
  const hours = state === 'idle' || soc === null ? null : hoursToSocLimit(soc, capacityKwh, power);
  if (hours === null) return label;
  const minutes = Math.round(hours * 60);
  if (minutes === 0)
    return t(state === 'discharge' ? 'siteHome.kpi.atFloor' : 'siteHome.kpi.atCeiling', { state: label });
  return t(state === 'discharge' ? 'siteHome.kpi.untilEmpty' : 'siteHome.kpi.untilFull', {
    state: label,
    time: f.duration(minutes),
  });
}

/**
 * The station's key figures: rating, live SOC with the energy available to discharge and
 * storage power with the time to empty or full (socket first, then the KPI call), today's and total charge and discharge from the storage meter's counters, today's
 * revenue under the TOU prices and the carbon avoided by PV.
 */
export function KpiStrip({ kpis, live }: { kpis: StationKpis; live: StationSummary | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const ok = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);
  const energy = (v: number | null | undefined, unit: 'kWh' | 'kW' = 'kWh', decimals?: number): Parts =>
    ok(v) ? { ...f.energyParts(v, unit, decimals), full: `${f.number(v, 2)} ${unit}` } : null;
  const soc = live?.soc ?? kpis.soc;
  const power = live?.storagePower ?? kpis.storagePowerKw;
  const state = storageStateOf(power, kpis.ratedPowerKw);
  const available = ok(soc) ? dischargeableKwh(soc, kpis.capacityKwh) : null;
  const roundTrip = roundTripEfficiency(kpis.totalChargeKwh, kpis.totalDischargeKwh);
  const efficiency = roundTrip === null ? null : `${f.number(roundTrip)}%`;
  const carbonKg = (tonnes: number | null) => (ok(tonnes) ? tonnes * 1000 : null);
  return (
    <div className={styles.grid}>
      <Tile
        testId="kpi-rated-power"
        label={t('siteHome.kpi.ratedPower')}
        parts={energy(kpis.ratedPowerKw, 'kW', 0)}
        accent={palette.homeKpi.rating}
      />
      <Tile
        testId="kpi-capacity"
        label={t('siteHome.kpi.capacity')}
        parts={energy(kpis.capacityKwh, 'kWh', 0)}
        accent={palette.homeKpi.rating}
      />
      <Tile
        testId="kpi-soc"
        label={t('siteHome.kpi.soc')}
        parts={ok(soc) ? { value: f.number(soc), unit: '%' } : null}
        accent={palette.homeKpi.storage}
        bar={ok(soc) ? soc : undefined}
        sub={available === null ? undefined : t('siteHome.kpi.available', { value: f.energy(available) })}
      />
      <Tile
        testId="kpi-storage-power"
        label={t('siteHome.kpi.storagePower')}
        parts={energy(power, 'kW')}
        accent={palette.homeKpi.storage}
        sub={
          ok(power) ? (
            <StorageReach soc={soc} power={power} state={state} capacityKwh={kpis.capacityKwh} />
          ) : (
            t('siteHome.state.noData')
          )
        }
      />
      <Tile
        testId="kpi-today-charge"
        label={t('siteHome.kpi.todayCharge')}
        parts={energy(kpis.todayChargeKwh)}
        accent={palette.homeKpi.charge}
      />
      <Tile
        testId="kpi-today-discharge"
        label={t('siteHome.kpi.todayDischarge')}
        parts={energy(kpis.todayDischargeKwh)}
        accent={palette.homeKpi.discharge}
      />
      <Tile
        testId="kpi-total-charge"
        label={t('siteHome.kpi.totalCharge')}
        parts={energy(kpis.totalChargeKwh)}
        accent={palette.homeKpi.charge}
      />
      <Tile
        testId="kpi-total-discharge"
        label={t('siteHome.kpi.totalDischarge')}
        parts={energy(kpis.totalDischargeKwh)}
        accent={palette.homeKpi.discharge}
        sub={efficiency ? t('siteHome.kpi.efficiency', { value: efficiency }) : undefined}
      />
      <Tile
        testId="kpi-today-revenue"
        label={t('siteHome.kpi.todayRevenue')}
        parts={
          ok(kpis.todayRevenue)
            ? {
                ...f.moneyParts(kpis.todayRevenue),
                // The unscaled figure: the smallest unit is what a value below the switch shows.
                full: `${f.number(kpis.todayRevenue, 2)} ${f.moneyParts(0).unit}`,
              }
            : null
        }
        accent={palette.homeKpi.revenue}
        // Without today's energy there is no revenue either; only energy without one means no prices.
        sub={kpis.todayRevenue === null && ok(kpis.todayChargeKwh) ? t('siteHome.kpi.noTemplate') : undefined}
      />
      <Tile
        testId="kpi-carbon"
        label={t('siteHome.kpi.carbonToday')}
        parts={(() => {
          const kg = carbonKg(kpis.carbonTodayT);
          if (kg === null) return null;
          // Weight units (kg, 吨, T) hold no space: the formatter's text is "<value> <unit>".
          const text = f.weight(kg);
          const at = text.lastIndexOf(' ');
          return { value: text.slice(0, at), unit: text.slice(at + 1) };
        })()}
        accent={palette.homeKpi.carbon}
        sub={
          ok(kpis.carbonTotalT)
            ? t('siteHome.kpi.carbonTotal', { value: f.weight(kpis.carbonTotalT * 1000) })
            : undefined
        }
      />
    </div>
  );
}
