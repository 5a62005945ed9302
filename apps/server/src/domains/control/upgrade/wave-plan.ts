import type { UpgradeDeviceState, UpgradeWaveState } from '@ess/contract';

/**
 * Devices per wave from cumulative percentages: wave i ends at ceil(pct_i × n / 100) devices,
 * at least one more than the wave before; null when there are fewer devices than waves.
 */
export function waveSizes(n: number, waves: readonly number[]): number[] | null {
  if (n < waves.length) return null;
  const ends: number[] = [];
  waves.forEach((pct, i) => {
    const before = ends[i - 1] ?? 0;
    const left = waves.length - 1 - i;
    ends.push(Math.min(n - left, Math.max(Math.ceil((pct * n) / 100), before + 1)));
  });
  return ends.map((end, i) => end - (ends[i - 1] ?? 0));
}

/** The wave (1-based) of each of `n` devices, in order. */
export function assignWaves(n: number, waves: readonly number[]): number[] | null {
  const sizes = waveSizes(n, waves);
  return sizes ? sizes.flatMap((size, i) => Array.from({ length: size }, () => i + 1)) : null;
}

type Device = { wave: number; state: UpgradeDeviceState };

/** What the runner does with the current wave `wave` (1-based) once nothing of it is left to do. */
export type WaveVerdict =
  | { kind: 'wait' }
  | { kind: 'next' }
  | { kind: 'finish' }
  | { kind: 'halt'; failed: number; total: number; pct: number };

/**
 * A wave is over when none of its devices is pending or upgrading. Its failure rate (failed of
 * its devices) above `maxFailurePct` halts the task; otherwise the next wave starts, or the
 * task finishes after the last.
 */
export function judgeWave(devices: readonly Device[], wave: number, waves: number, maxFailurePct: number): WaveVerdict {
  const of = devices.filter((d) => d.wave === wave);
  if (of.some((d) => d.state === 'pending' || d.state === 'upgrading')) return { kind: 'wait' };
  if (wave >= waves) return { kind: 'finish' };
  const failed = of.filter((d) => d.state === 'failure').length;
  const pct = of.length === 0 ? 0 : (failed / of.length) * 100;
  if (pct > maxFailurePct) return { kind: 'halt', failed, total: of.length, pct };
  return { kind: 'next' };
}

/** Each wave's state as the task page shows it. */
export function waveStates(
  task: { state: string; wave: number },
  waves: readonly number[],
  devices: readonly Device[],
): UpgradeWaveState[] {
  return waves.map((_, i) => {
    const n = i + 1;
    if (n > task.wave) return task.state === 'cancelled' ? 'cancelled' : 'waiting';
    const open = devices.some((d) => d.wave === n && (d.state === 'pending' || d.state === 'upgrading'));
    if (n === task.wave && task.state === 'halted') return 'halted';
    if (n === task.wave && task.state === 'cancelled' && open) return 'cancelled';
    return open ? 'running' : 'done';
  });
}
