import type { CSSProperties, ReactNode } from 'react';
import styles from './energy-report.module.css';

export type StatTile = { key: string; label: string; value: string; sub?: ReactNode; accent: string };

/** A row of headline figures above a report. */
export function StatTiles({ tiles }: { tiles: StatTile[] }) {
  return (
    <div className={styles.tiles}>
      {tiles.map((x) => (
        <div
          key={x.key}
          className={styles.tile}
          style={{ '--accent': x.accent } as CSSProperties}
          data-testid={`tile-${x.key}`}
        >
          <div className={styles.tileLabel}>{x.label}</div>
          <div className={styles.tileValue} title={x.value}>
            {x.value}
          </div>
          {x.sub !== undefined && <div className={styles.tileSub}>{x.sub}</div>}
        </div>
      ))}
    </div>
  );
}
