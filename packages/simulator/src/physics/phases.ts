import type { Rng } from './random';
import { gaussian } from './random';

/**
 * Per-phase readings of one instrument on the site's grid: the shared phase voltage with this
 * instrument's fixed phase imbalance and a little measurement noise.
 */
export class PhaseVoltages {
  private readonly imbalance: [number, number, number];

  constructor(private readonly rng: Rng) {
    this.imbalance = [0.004 * gaussian(rng), 0.004 * gaussian(rng), 0.004 * gaussian(rng)];
  }

  read(phaseV: number): [number, number, number] {
    const [a, b, c] = this.imbalance;
    // Measurement noise of about 0.15 V on 230 V, in proportion on other levels.
    const noise = () => 0.00065 * phaseV * gaussian(this.rng);
    return [phaseV * (1 + a) + noise(), phaseV * (1 + b) + noise(), phaseV * (1 + c) + noise()];
  }

  /** Phase currents: the balanced current, shifted a little by the same imbalance. */
  currents(totalA: number): [number, number, number] {
    const [a, b, c] = this.imbalance;
    return [totalA * (1 - 2 * a), totalA * (1 - 2 * b), totalA * (1 - 2 * c)];
  }
}
