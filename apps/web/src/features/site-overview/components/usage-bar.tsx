import { palette } from '@/lib/theme/palette';
import styles from './usage-bar.module.css';

/** Above these shares an EMS resource is getting tight (amber) or critical (red). */
const TIGHT = 70;
const CRITICAL = 90;

const colorOf = (v: number) =>
  v >= CRITICAL ? palette.usage.critical : v >= TIGHT ? palette.usage.tight : palette.usage.ok;

/** A compact gauge of a usage share (EMS CPU, memory, disk) with its formatted value. */
export function UsageBar({ value, text }: { value: number | null; text: string }) {
  if (value === null) return <span>{text}</span>;
  const pct = Math.max(0, Math.min(100, value));
  return (
    <span className={styles.bar}>
      <span className={styles.track}>
        <span className={styles.fill} style={{ display: 'block', width: `${pct}%`, background: colorOf(pct) }} />
      </span>
      <span className={styles.text}>{text}</span>
    </span>
  );
}
