import { type CommandValueProblem, commandValueProblem, type SequenceStep } from '@ess/contract';
import type { Db } from '../../../db/client';
import { type PointLabel, valuePointsOf } from '../command';
import { devicesOfType, type StepDevice } from './sequence.repository';

/** The devices a step commands among a station's devices of its type (by sort): its `sn`, its `index`-th, or all. */
export function stepTargets(all: readonly StepDevice[], step: Pick<SequenceStep, 'sn' | 'index'>): StepDevice[] {
  if (step.sn !== null) return all.filter((d) => d.sn === step.sn);
  if (step.index !== null) {
    const d = all[step.index - 1];
    return d ? [d] : [];
  }
  return [...all];
}

export type StepValueProblem = { step: number; device: StepDevice; point: PointLabel; problem: CommandValueProblem };

/**
 * The first step (1-based) whose value one of its devices at the station may not be sent, as
 * the devices' points and the station's rating are now (the one value check, command-value.ts),
 * or null. A step whose devices the station lacks is not judged here: the run fails it by name.
 */
export async function stepValuesProblem(
  db: Db,
  stationId: number,
  steps: readonly SequenceStep[],
  devicesOf: (type: SequenceStep['deviceType']) => Promise<StepDevice[]> = (type) => devicesOfType(db, stationId, type),
): Promise<StepValueProblem | null> {
  const targets = await Promise.all(steps.map(async (s) => stepTargets(await devicesOf(s.deviceType), s)));
  const ids = [...new Set(targets.flat().map((d) => d.id))];
  const codes = [...new Set(steps.map((s) => s.pointCode))];
  const stored = await valuePointsOf(db, ids, codes);
  for (const [i, step] of steps.entries()) {
    for (const device of targets[i] ?? []) {
      const point = stored.find((p) => p.deviceId === device.id && p.code === step.pointCode);
      const problem: CommandValueProblem | null = point
        ? commandValueProblem(point, step.value, point.ratedPowerKw)
        : { problem: 'notCommand' };
      if (problem) return { step: i + 1, device, point: point ?? { code: step.pointCode, names: null }, problem };
    }
  }
  return null;
}
