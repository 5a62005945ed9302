import { cpus, loadavg, totalmem } from 'node:os';

/**
 * The machine a bench's figures were measured on (issue 26: figures that tell the truth on any
 * CPU): its cores and CPU model, and its load when the figures were taken — other processes
 * share the cores.
 */
export const benchMachine = () => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? '',
  memGiB: Math.round(totalmem() / 2 ** 30),
  loadAvg1m: Math.round((loadavg()[0] ?? 0) * 10) / 10,
});
