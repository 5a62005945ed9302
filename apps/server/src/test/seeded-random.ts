/**
 * A repeatable random sequence in [0, 1) for tests that generate their own data: the same seed
 * gives the same data on every run, so a failure can be replayed.
 */
export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
