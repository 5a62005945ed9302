import { useTranslation } from 'react-i18next';
import styles from './topology.module.css';
import type { TopologyBox } from './topology-layout';

/** The grid: a transmission pylon, its name beside it so the conductor runs on unbroken. */
export function GridSymbol({ box }: { box: TopologyBox }) {
  const { t } = useTranslation();
  const cx = box.w / 2;
  const b = box.h;
  return (
    <g transform={`translate(${box.x},${box.y})`} data-testid="topology-grid">
      <path
        className={styles.symbol}
        d={`M${cx - 16},${b - 8}L${cx},2L${cx + 16},${b - 8}M${cx - 20},14H${cx + 20}M${cx - 14},26H${cx + 14}M${cx - 11},${b - 26}H${cx + 11}M${cx - 11},${b - 26}L${cx + 14},${b - 8}M${cx + 11},${b - 26}L${cx - 14},${b - 8}M${cx},${b - 8}V${b}`}
      />
      <text className={styles.symbolLabel} x={cx + 26} y={b / 2 + 4}>
        {t('devices.topology.grid')}
      </text>
    </g>
  );
}

/** The transformer: two overlapping windings on the conductor. */
export function TransformerSymbol({ box }: { box: TopologyBox }) {
  const { t } = useTranslation();
  const cx = box.w / 2;
  return (
    <g transform={`translate(${box.x},${box.y})`} data-testid="topology-transformer">
      <path className={styles.symbol} d={`M${cx},0V${box.h / 2 - 24}M${cx},${box.h / 2 + 24}V${box.h}`} />
      <circle className={styles.symbol} cx={cx} cy={box.h / 2 - 10} r={14} />
      <circle className={styles.symbol} cx={cx} cy={box.h / 2 + 10} r={14} />
      <text className={styles.symbolLabel} x={cx + 22} y={box.h / 2 + 4}>
        {t('devices.topology.transformer')}
      </text>
    </g>
  );
}
