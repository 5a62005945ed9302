import type { StationNode, StationSummary } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { TONE_COLORS } from '@/components/device-widgets/device-tone';
import { SocBar } from '@/components/device-widgets/soc-bar';
import { useFormat } from '@/lib/format/use-format';
import { useStorageUnits } from '@/lib/station/storage-units';
import type { LiveDevice } from '../hooks/use-live-devices';
import styles from './devices.module.css';
import { KpiTile } from './kpi-tile';
import { DIRECTION_TONE, storageDirection } from './storage-direction';

type Props = {
  station: StationNode;
  summary: StationSummary | null;
  /** Storage units: integrated cabinets, else PCS. */
  units: readonly LiveDevice[];
  /** Every device shown, for the fault count. */
  devices: readonly LiveDevice[];
};

const sum = (xs: (number | null)[]): number | null => {
  const present = xs.filter((x): x is number => x !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) : null;
};

/** The station's storage at a glance: live power and SOC, rating, units online, faults, today's energy. */
export function StorageKpis({ station, summary, units, devices }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const today = useStorageUnits(station.id);
  const direction = storageDirection(summary?.storagePower);
  const online = units.filter((u) => u.status === 'online').length;
  const faults = devices.filter((d) => d.tone === 'fault').length;
  const todayUnits = today.data?.units ?? [];

  return (
    <div className={styles.kpis} data-testid="storage-kpis">
      <KpiTile
        testId="kpi-storage-power"
        label={t('devices.storage.power')}
        value={fmt.energy(summary?.storagePower, 'kW')}
        sub={direction ? t(`devices.storage.direction.${direction}`) : '-'}
        accent={direction ? TONE_COLORS[DIRECTION_TONE[direction]] : undefined}
      />
      <KpiTile
        testId="kpi-soc"
        label={t('devices.storage.soc')}
        value={summary?.soc === null || summary?.soc === undefined ? '-' : `${fmt.number(summary.soc, 1)}%`}
        sub={<SocBar value={summary?.soc ?? null} label={t('devices.storage.soc')} bare />}
      />
      <KpiTile
        label={t('devices.storage.rated')}
        value={fmt.energy(station.ratedPowerKw, 'kW')}
        sub={fmt.energy(station.capacityKwh, 'kWh')}
      />
      <KpiTile
        testId="kpi-units"
        label={t('devices.storage.units')}
        value={`${online} / ${units.length}`}
        accent={online < units.length ? TONE_COLORS.offline : TONE_COLORS.running}
      />
      <KpiTile
        testId="kpi-faults"
        label={t('devices.storage.faults')}
        value={String(faults)}
        accent={faults ? TONE_COLORS.fault : TONE_COLORS.running}
      />
      <KpiTile
        testId="kpi-today"
        label={t('devices.storage.today')}
        value={fmt.energy(sum(todayUnits.map((u) => u.todayDischargeKwh)), 'kWh')}
        sub={`${t('devices.storage.todayCharge')} ${fmt.energy(sum(todayUnits.map((u) => u.todayChargeKwh)), 'kWh')}`}
        accent={TONE_COLORS.discharging}
      />
    </div>
  );
}
