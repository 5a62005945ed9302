import type { PointMeta } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { TONE_COLORS } from '@/components/device-widgets/device-tone';
import { usePointFormat } from '@/components/device-widgets/point-format';
import { useFormat } from '@/lib/format/use-format';
import type { LiveDevice } from '../hooks/use-live-devices';
import { cellExtremes, type Extreme } from './cell-extremes';
import styles from './devices.module.css';

type Props = {
  batteries: readonly LiveDevice[];
  points: readonly PointMeta[];
  onOpen: (deviceId: number) => void;
};

/** The station's cell extremes as tiles; each opens the battery that holds it. */
export function CellExtremesPanel({ batteries, points, onOpen }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const format = usePointFormat();
  const x = cellExtremes(batteries);
  const meta = (code: string) => points.find((p) => p.code === code);
  const where = (e: Extreme) =>
    e.cell === null
      ? t('devices.topology.extremes.of', { device: e.device.name })
      : t('devices.topology.extremes.at', { device: e.device.name, cell: e.cell });
  const tiles: { key: string; label: string; value: string; sub: string; deviceId: number | null; accent: string }[] = [
    ...(
      [
        ['vmax', 'cellVmax', x.vmax, TONE_COLORS.discharging],
        ['vmin', 'cellVmin', x.vmin, TONE_COLORS.standby],
        ['tmax', 'cellTmax', x.tmax, TONE_COLORS.fault],
        ['tmin', 'cellTmin', x.tmin, TONE_COLORS.running],
        ['sohMin', 'soh', x.sohMin, TONE_COLORS.stopped],
      ] as const
    ).map(([key, code, e, accent]) => ({
      key,
      label: t(`devices.topology.extremes.${key}`),
      value: e ? format(meta(code), { value: e.value, ts: 0 }) : '-',
      sub: e ? where(e) : '-',
      deviceId: e?.device.id ?? null,
      accent,
    })),
    {
      key: 'socSpread',
      label: t('devices.topology.extremes.socSpread'),
      value: x.socSpread ? `${fmt.number(x.socSpread.value, 1)}%` : '-',
      sub:
        x.socSpread && x.socSpread.high.id !== x.socSpread.low.id
          ? `${x.socSpread.high.name} ↔ ${x.socSpread.low.name}`
          : '-',
      deviceId: x.socSpread?.low.id ?? null,
      accent: TONE_COLORS.charging,
    },
  ];
  return (
    <section className={styles.kpis} aria-label={t('devices.topology.extremes.title')} data-testid="cell-extremes">
      {tiles.map((tile) => (
        <button
          key={tile.key}
          type="button"
          className={`${styles.kpi} ${styles.kpiButton}`}
          style={{ borderLeftColor: tile.accent }}
          disabled={tile.deviceId === null}
          onClick={() => tile.deviceId !== null && onOpen(tile.deviceId)}
          data-testid={`extreme-${tile.key}`}
        >
          <span className={styles.kpiLabel}>{tile.label}</span>
          <span className={styles.kpiValue}>{tile.value}</span>
          <span className={styles.kpiSub}>{tile.sub}</span>
        </button>
      ))}
    </section>
  );
}
