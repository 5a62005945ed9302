import { hashSeed, mulberry32 } from '../weather/weather-model';

/** A uniform source in [0, 1). Every model draws from its own stream, so runs are reproducible. */
export type Rng = () => number;

/** An independent stream per (seed, labels): adding a device never shifts another's draws. */
export const rngFor = (seed: number, ...labels: string[]): Rng => mulberry32(hashSeed(`${seed}|${labels.join('|')}`));

/** Standard normal draw (Box–Muller). */
export function gaussian(rng: Rng): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/**
 * Ornstein–Uhlenbeck noise: wanders around 0 with standard deviation `sigma` and forgets its
 * past with time constant `tauS`. Discretised exactly, so its statistics do not depend on dt.
 */
export class MeanReverting {
  value: number;

  constructor(
    private readonly tauS: number,
    private readonly sigma: number,
    private readonly rng: Rng,
  ) {
    this.value = sigma * gaussian(rng);
  }

  step(dtS: number): number {
    const a = Math.exp(-dtS / this.tauS);
    this.value = this.value * a + this.sigma * Math.sqrt(1 - a * a) * gaussian(this.rng);
    return this.value;
  }
}
