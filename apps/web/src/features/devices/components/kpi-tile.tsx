import type { CSSProperties, ReactNode } from 'react';
import styles from './devices.module.css';

type Props = { label: string; value: ReactNode; sub?: ReactNode; accent?: string; testId?: string };

/** One figure of a KPI strip, with an accent edge (the tone of what it measures). */
export function KpiTile({ label, value, sub, accent, testId }: Props) {
  return (
    <div
      className={styles.kpi}
      style={accent ? ({ '--kpi-accent': accent } as CSSProperties) : undefined}
      data-testid={testId}
    >
      <span className={styles.kpiLabel} title={label}>
        {label}
      </span>
      <span className={styles.kpiValue}>{value}</span>
      {sub !== undefined && <span className={styles.kpiSub}>{sub}</span>}
    </div>
  );
}
