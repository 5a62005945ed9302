import { telemetryPayload } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/seeded-random';
import { telemetrySamples } from './telemetry-shape';

const zodAccepts = (json: unknown): boolean => {
  try {
    return telemetryPayload.safeParse(json).success;
  } catch {
    return false;
  }
};

describe('telemetry payload check', () => {
  it('accepts exactly what the contract schema accepts', () => {
    const rand = seededRandom(7);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const tsValues = [1, 0, -5, 1.5, 1_795_400_000_000, Number.MAX_SAFE_INTEGER, 2 ** 60, '1', null, undefined];
    const keys = ['p', '', 'x'.repeat(64), 'x'.repeat(65), '__proto__', 'constructor'];
    const anyValue = () => pick<unknown>([1, 'a', null, [], {}, Number.NaN, true]);
    const sample = (): unknown => {
      const kind = rand();
      if (kind < 0.05) return pick<unknown>([null, 3, 'x', [], true]);
      const values = pick<unknown>([
        {},
        [],
        null,
        'v',
        Object.fromEntries(keys.slice(0, 1 + Math.floor(rand() * 6)).map((k) => [k, anyValue()])),
      ]);
      const obj: Record<string, unknown> = { ts: pick(tsValues), values };
      if (rand() < 0.2) obj.extra = 1;
      if (rand() < 0.05) delete obj.values;
      return obj;
    };
    for (let i = 0; i < 5000; i++) {
      const json: unknown = rand() < 0.7 ? sample() : Array.from({ length: Math.floor(rand() * 4) }, sample);
      // Through JSON, as devices send it (drops undefined, turns NaN into null).
      const text = JSON.stringify(json);
      const parsed: unknown = text === undefined ? undefined : JSON.parse(text);
      expect(telemetrySamples(parsed).ok, text).toBe(zodAccepts(parsed));
    }
  });
});
