import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { palette } from '@/lib/theme/palette';
import styles from './topology.module.css';
import type { BusBalance } from './topology-balance';

type Props = { balance: BusBalance; storagePower: number | null };

/**
 * One line above the PCS topology: what flows into the bus (import, PV, discharge) against
 * what leaves it (load, charge, export), from the branches as drawn, and the storage power.
 */
export function TopologyBusBalance({ balance, storagePower }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const kw = (v: number) => fmt.energy(v, 'kW');
  const text =
    balance.into === null || balance.outOf === null || balance.residual === null
      ? t('devices.topology.balance.unknown')
      : balance.balanced
        ? t('devices.topology.balance.equal', { into: kw(balance.into), out: kw(balance.outOf) })
        : t('devices.topology.balance.differs', {
            into: kw(balance.into),
            out: kw(balance.outOf),
            residual: kw(Math.abs(balance.residual)),
          });
  return (
    <div
      className={styles.balance}
      data-testid="topology-bus-balance"
      data-balanced={balance.balanced === null ? 'unknown' : String(balance.balanced)}
    >
      <span style={balance.balanced === false ? { color: palette.attention } : undefined}>{text}</span>
      {storagePower !== null && (
        <span className={styles.balanceStorage}>
          {t('devices.storage.power')} {kw(storagePower)}
        </span>
      )}
    </div>
  );
}
