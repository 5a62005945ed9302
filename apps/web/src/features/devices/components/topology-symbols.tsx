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

/** The PV array: a tilted panel with its name above it; its stem meets the PV branch. */
export function PvArraySymbol({ box }: { box: TopologyBox }) {
  const { t } = useTranslation();
  const cx = box.w / 2;
  const b = box.h;
  return (
    <g transform={`translate(${box.x},${box.y})`} data-testid="topology-pv-array">
      <text className={styles.symbolLabel} x={cx} y={12} textAnchor="middle">
        {t('devices.topology.pv')}
      </text>
      <path
        className={styles.symbol}
        d={`M${cx - 26},${b - 16}L${cx - 16},22H${cx + 26}L${cx + 16},${b - 16}ZM${cx - 21},${b - 30}H${cx + 21}M${cx - 3},22L${cx - 8},${b - 16}M${cx + 11},22L${cx + 6},${b - 16}M${cx},${b - 16}V${b}`}
      />
    </g>
  );
}

/** The site's load (building and auxiliaries, charging piles included): a building on the load branch. */
export function LoadSymbol({ box }: { box: TopologyBox }) {
  const { t } = useTranslation();
  const cx = box.w / 2;
  const b = box.h;
  return (
    <g transform={`translate(${box.x},${box.y})`} data-testid="topology-load">
      <text className={styles.symbolLabel} x={cx} y={12} textAnchor="middle">
        {t('devices.topology.load')}
      </text>
      <path
        className={styles.symbol}
        d={`M${cx - 22},${b - 12}V${b - 30}L${cx - 8},${b - 38}V${b - 30}L${cx + 6},${b - 38}V22H${cx + 22}V${b - 12}ZM${cx - 26},${b - 12}H${cx + 26}M${cx - 15},${b - 22}H${cx - 9}M${cx - 1},${b - 22}H${cx + 5}M${cx + 12},${b - 22}H${cx + 16}M${cx + 12},30H${cx + 16}M${cx},${b - 12}V${b}`}
      />
    </g>
  );
}
