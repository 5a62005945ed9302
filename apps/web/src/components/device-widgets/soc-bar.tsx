import { useFormat } from '@/lib/format/use-format';
import { palette } from '@/lib/theme/palette';
import styles from './device-widgets.module.css';

/** Low charge turns the bar amber, then red, so a nearly empty battery stands out in a grid of cards. */
export function socColor(soc: number): string {
  if (soc < 10) return palette.soc.critical;
  return soc < 25 ? palette.soc.low : palette.soc.ok;
}

type Props = {
  value: number | null;
  label: string;
  /** Only the bar, where the figure is shown beside it already. */
  bare?: boolean;
};

/** A 0–100 % bar with its figure (SOC, vehicle SOC). */
export function SocBar({ value, label, bare = false }: Props) {
  const fmt = useFormat();
  const pct = value === null ? 0 : Math.max(0, Math.min(100, value));
  const track = (
    <span className={styles.socTrack} data-value={value ?? undefined} aria-hidden="true">
      <span className={styles.socFill} style={{ width: `${pct}%`, background: socColor(pct) }} />
    </span>
  );
  if (bare) return <div className={styles.socBare}>{track}</div>;
  return (
    <div className={styles.socBar}>
      <span className={styles.socLabel}>{label}</span>
      {track}
      <span className={styles.socValue}>{value === null ? '-' : `${fmt.number(value, 1)}%`}</span>
    </div>
  );
}
