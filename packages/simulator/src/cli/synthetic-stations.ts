import { rngFor } from '../physics/random';
import type { SimStation } from '../station/sim-station';

/** Sizes synthetic stations cycle through: single cabinet, cabinet rows, a container plant. */
const SIZES: readonly [kw: number, kwh: number][] = [
  [100, 215],
  [400, 860],
  [2500, 5000],
  [1000, 2150],
];

/** `count` stations SIM-0001… spread over eastern China, for load tests against any broker. */
export function syntheticStations(count: number, seed: number): SimStation[] {
  const rng = rngFor(seed, 'synthetic-stations');
  return Array.from({ length: count }, (_, i) => {
    const [ratedPowerKw, capacityKwh] = SIZES[i % SIZES.length] ?? [100, 215];
    return {
      code: `SIM-${String(i + 1).padStart(4, '0')}`,
      type: 'operating',
      ratedPowerKw,
      capacityKwh,
      latitude: Math.round((22 + 18 * rng()) * 1e4) / 1e4,
      longitude: Math.round((110 + 11 * rng()) * 1e4) / 1e4,
    };
  });
}
