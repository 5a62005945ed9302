/** Tag colours of the PCS / cabinet run state (device catalogue: 0 standby … 4 shutdown). */
const RUN_STATE_COLOR: Record<number, string> = {
  0: 'default',
  1: 'cyan',
  2: 'orange',
  3: 'red',
  4: 'default',
};
export const runStateColor = (v: number | null): string => (v === null ? 'default' : (RUN_STATE_COLOR[v] ?? 'default'));

/** Air conditioner state: 0 off, 1 cooling, 2 heating, 3 fan, 4 fault. */
const AC_STATE_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'orange', 3: 'cyan', 4: 'red' };
export const acStateColor = (v: number | null): string => (v === null ? 'default' : (AC_STATE_COLOR[v] ?? 'default'));

/** Charging pile state: 0 idle, 1 charging, 2 fault. */
const PILE_STATE_COLOR: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red' };
export const pileStateColor = (v: number | null): string =>
  v === null ? 'default' : (PILE_STATE_COLOR[v] ?? 'default');
