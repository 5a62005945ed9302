import { DEVICE_MODELS, type ParsedTopic } from '@ess/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PointCaps } from './point-caps';
import type { QuarantineEntry } from './quarantine';
import { RegistrySnapshot } from './registry-snapshot';
import { validateInTurns } from './telemetry-in-turns';
import { type TimeWindow, type ValidationSink, validateTelemetry } from './telemetry-validator';

const NOW = 1_800_000_000_000;
const WINDOW: TimeWindow = { oldest: NOW - 30 * 86_400_000, newest: NOW + 300_000 };
const CAPS: PointCaps = { perSample: 1000, perMessage: 100_000 };
const TOPIC = 'ess/S1/D1/telemetry';
const PARSED: ParsedTopic = { stationCode: 'S1', sn: 'D1', channel: 'telemetry' };
const PCS = DEVICE_MODELS.find((m) => m.code === 'PCS-1250');
if (!PCS) throw new Error('catalogue');

/** One PCS of the catalogue; `q` calibrated, so stored values differ from sent ones. */
const snapshot = new RegistrySnapshot(
  [{ id: 1, code: 'S1', timezone: 'Asia/Shanghai' }],
  [{ id: 1, stationId: 1, sn: 'D1', type: 'pcs', reportIntervalS: 10, mqttSecretHash: null }],
  PCS.points.map((p, i) => ({
    id: i + 1,
    deviceId: 1,
    code: p.code,
    kind: p.kind,
    min: p.min ?? null,
    max: p.max ?? null,
    counter: p.counter ?? false,
    scale: p.code === 'q' ? 2 : 1,
    offset: p.code === 'q' ? 0.5 : 0,
    formula: null,
  })),
);

type Outcome = { readings: string[]; rows: string[] };

function collector(): { sink: ValidationSink; outcome: Outcome } {
  const outcome: Outcome = { readings: [], rows: [] };
  const sink: ValidationSink = {
    reading: (_d, point, ts, value) => {
      outcome.readings.push(`${point.code}@${ts}=${Object.is(value, -0) ? '-0' : value}`);
    },
    quarantine: (e: QuarantineEntry) => {
      outcome.rows.push(`${e.reason}×${e.count}${e.pointCode === null ? '' : ` ${e.pointCode}`}`);
    },
    deviceSeen: () => {},
  };
  return { sink, outcome };
}

function oneTurn(payload: Buffer, caps = CAPS): Outcome {
  const { sink, outcome } = collector();
  validateTelemetry(snapshot, TOPIC, PARSED, payload, WINDOW, caps, sink);
  return { readings: outcome.readings.sort(), rows: outcome.rows.sort() };
}

async function inTurns(payload: Buffer, caps = CAPS): Promise<Outcome> {
  const { sink, outcome } = collector();
  await validateInTurns(snapshot, TOPIC, PARSED, payload, WINDOW, caps, { sink: () => sink, pause: async () => {} });
  return { readings: outcome.readings.sort(), rows: outcome.rows.sort() };
}

const WHOLE = /^(malformedJson|badShape|tooManyPoints)×1$/;
const refusedWhole = (o: Outcome) => o.readings.length === 0 && o.rows.length === 1 && WHOLE.test(o.rows[0] ?? '');

/**
 * Both ways agree: the same readings and rows for any payload that is JSON of the right shape;
 * any other payload is refused whole by both (which problem each names first may differ: the
 * slices read front to back and count codes before reading values).
 */
async function expectSameOutcome(text: string | Buffer, caps = CAPS): Promise<void> {
  const payload = typeof text === 'string' ? Buffer.from(text) : text;
  const one = oneTurn(payload, caps);
  const turns = await inTurns(payload, caps);
  if (refusedWhole(one)) expect(refusedWhole(turns), `${payload.toString().slice(0, 300)}`).toBe(true);
  else expect(turns, payload.toString().slice(0, 300)).toEqual(one);
}

const codes = PCS.points.map((p) => p.code);
const inWindow = fc.integer({ min: WINDOW.oldest, max: WINDOW.newest });
const ts = fc.oneof(
  { weight: 40, arbitrary: inWindow },
  { weight: 3, arbitrary: fc.constantFrom(WINDOW.oldest - 1, WINDOW.newest + 1) },
  fc.constantFrom<unknown>(0, -5, 1.5, 2 ** 60, '1', null, [], {}),
);
const code = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...codes) }, fc.string({ maxLength: 70 }));
const value = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -2000, max: 2000 }) },
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom<unknown>(null, true, false, '3', 1e308, -0),
  fc.string({ maxLength: 80 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const values = fc.oneof({ weight: 40, arbitrary: fc.dictionary(code, value, { maxKeys: 30 }) }, fc.jsonValue());
const sample = fc.oneof(
  { weight: 20, arbitrary: fc.record({ ts, values }) },
  fc.record({ ts, values, extra: fc.jsonValue() }, { requiredKeys: [] }),
);
const payload = fc.oneof(
  { weight: 4, arbitrary: sample },
  { weight: 4, arbitrary: fc.array(sample, { minLength: 0, maxLength: 20 }) },
  fc.jsonValue(),
);
const spacing = fc.constantFrom<undefined | number | string>(undefined, 0, 2, '\t', ' \r\n ');

describe('a large message read in slices', () => {
  it('stores and refuses exactly what the one-turn check does, for any payload', async () => {
    await fc.assert(
      fc.asyncProperty(payload, spacing, async (json, space) => {
        await expectSameOutcome(JSON.stringify(json, null, space) ?? 'null');
      }),
      { numRuns: 600 },
    );
  });

  it('refuses whatever is not JSON, however it is broken', async () => {
    const broken = fc.tuple(
      payload,
      fc.nat(),
      fc.constantFrom('', '{', '}', '[', ']', ',', ':', '"', '\\', 'x', '\u0001'),
    );
    await fc.assert(
      fc.asyncProperty(broken, async ([json, at, insert]) => {
        const text = JSON.stringify(json) ?? 'null';
        const i = at % (text.length + 1);
        // Cut one character out, or put one in.
        await expectSameOutcome(
          insert === '' ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + insert + text.slice(i),
        );
      }),
      { numRuns: 600 },
    );
  });

  it('reads the JSON corners as JSON.parse does', async () => {
    const t = WINDOW.oldest + 1000;
    for (const text of [
      `{"ts":${t},"values":{"p":1,"p":2,"q":3}}`,
      `{"ts":${t},"values":{"\\u0070":5,"\\"q":1,"u\\u0061":230}}`,
      `{"ts":${t},"values":{"p":-0,"q":0.1,"ua":1.0e2,"ub":1E+2,"uc":12345678901234567890,"ia":1e400}}`,
      `{"ts":${t},"values":{"p":01}}`,
      `{"ts":${t},"values":{"p":1.}}`,
      `{"ts":${t},"values":{"p":-}}`,
      `{"ts":${t},"values":{"p":1,}}`,
      `{"ts":${t},"values":{"p":tru}}`,
      `{"ts":${t}.0,"values":{"p":1}}`,
      `{"ts":${t},"values":{"p":1}} x`,
      `\uFEFF{"ts":${t},"values":{"p":1}}`,
      `[{"ts":${t},"values":{"p":1}},]`,
      `[{"ts":${t},"values":{"p":1}} {"ts":${t},"values":{"p":1}}]`,
      `[]`,
      `{"ts":${t},"values":{"p":1},"values":{"q":2}}`,
      `{"ts":${t},"values":{"p":[1,{"a":[]}],"q":{"p":1}}}`,
      `{"ts":${t},"values":{"p":"a\nb"}}`,
      `{"ts":${t},"values":{"p":"\\x"}}`,
      `{"ts":${t},"values":{"__proto__":1,"constructor":2}}`,
      `   {"ts" : ${t} , "values" : { "p" : 1 } }   `,
    ]) {
      await expectSameOutcome(text);
    }
    // Bytes that are not UTF-8 become U+FFFD either way.
    await expectSameOutcome(
      Buffer.concat([Buffer.from(`{"ts":${t},"values":{"`), Buffer.from([0xe2, 0x82]), Buffer.from(`":1,"p":3}}`)]),
    );
  });

  it('refuses a message over either cap before reading a value, never a device its own point list', async () => {
    const caps = { perSample: 25, perMessage: 40 };
    const s = (n: number, at: number) =>
      `{"ts":${WINDOW.oldest + at},"values":{${Array.from({ length: n }, (_, i) => `"x${i}":1`).join(',')}}}`;
    for (const text of [s(26, 1), `[${s(25, 1)},${s(25, 2)}]`]) {
      expect(oneTurn(Buffer.from(text), caps).rows).toEqual(['tooManyPoints×1']);
      expect((await inTurns(Buffer.from(text), caps)).rows).toEqual(['tooManyPoints×1']);
    }
    await expectSameOutcome(`[${s(25, 1)},${s(15, 2)}]`, caps);
    // Caps below the device's own point list do not refuse its full samples.
    const full = JSON.stringify({ ts: WINDOW.oldest + 5, values: Object.fromEntries(codes.map((c) => [c, 0])) });
    const low = { perSample: 3, perMessage: 3 };
    expect(oneTurn(Buffer.from(full), low).rows).not.toContain('tooManyPoints×1');
    expect((await inTurns(Buffer.from(full), low)).rows).not.toContain('tooManyPoints×1');
    await expectSameOutcome(full, low);
  });
});
