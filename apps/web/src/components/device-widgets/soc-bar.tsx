import { useFormat } from '@/lib/format/use-format';
import styles from './device-widgets.module.css';

/** Low charge turns the bar amber, then red, so a nearly empty battery stands out in a grid of cards. */
export const socColor = (soc: number): string => (soc < 10 ? '#f5222d' : soc < 25 ? '#fa8c16' : '#2fb344');

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
