import type { ParsedTopic } from '@ess/contract';
import { capsFor, overCaps, type PointCaps } from './point-caps';
import { ProblemTally } from './problem-tally';
import { payloadText, type QuarantineEntry, type QuarantineReason, quarantineEntry } from './quarantine';
import type { DeviceInfo, PointInfo, RegistrySnapshot } from './registry-snapshot';
import type { PairSample } from './sample-reader';
import { type Sample, telemetrySamples } from './telemetry-shape';

/** Where validation puts its results: good samples and quarantine entries. */
export interface ValidationSink {
  /** A good sample; `part` 1 for a virtual point's (stored apart: ts_msg, telemetry-schema.ts). */
  reading(device: DeviceInfo, point: PointInfo, ts: number, value: number, part?: 0 | 1): void;
  quarantine(entry: QuarantineEntry): void;
  /** The device sent a well-formed message (even if every value was rejected). */
  deviceSeen(device: DeviceInfo): void;
}

/** Where good values go. */
export type Readings = Pick<ValidationSink, 'reading'>;

/** Accepted sample times: not older than the raw retention, not further ahead than the skew. */
export type TimeWindow = { oldest: number; newest: number };

/** Kinds a device reports; setpoints and controls are written by commands. */
const REPORTED = new Set(['telemetry', 'status']);

const MISSING = { unknownStation: 'no station', unknownDevice: 'no device', wrongStation: 'device not of station' };

const iso = (ts: number): string =>
  Number.isFinite(ts) && Math.abs(ts) < 8.64e15 ? new Date(ts).toISOString() : String(ts);

/** One row for a message refused whole, with the beginning of what was sent. */
export function refusal(
  topic: string,
  parsed: ParsedTopic,
  reason: QuarantineReason,
  detail: string,
  payload: Buffer,
): QuarantineEntry {
  return quarantineEntry({
    topic,
    stationCode: parsed.stationCode,
    sn: parsed.sn,
    pointCode: null,
    ts: null,
    reason,
    detail,
    payload: payloadText(payload),
  });
}

/** One row for a message over the caps: its counts and a few of its codes, none of it read further. */
export function tooManyPoints(
  topic: string,
  parsed: ParsedTopic,
  detail: string,
  codes: readonly number[],
  total: number,
  sample: string[],
): QuarantineEntry {
  return quarantineEntry({
    topic,
    stationCode: parsed.stationCode,
    sn: parsed.sn,
    pointCode: null,
    ts: null,
    reason: 'tooManyPoints',
    detail: `${detail}: ${sample.join(', ')}${total > sample.length ? ', …' : ''}`,
    payload: JSON.stringify({ codes: total, samples: codes.length, sample }),
  });
}

/** The topic's device, or null once the message is quarantined for naming none. */
export function resolveDevice(
  snapshot: RegistrySnapshot,
  topic: string,
  parsed: ParsedTopic,
  payload: Buffer,
  sink: Pick<ValidationSink, 'quarantine'>,
): DeviceInfo | null {
  const resolved = snapshot.resolve(parsed.stationCode, parsed.sn);
  if (resolved.ok) return resolved.device;
  const detail = `${MISSING[resolved.reason]} ${parsed.stationCode}/${parsed.sn}`;
  sink.quarantine(refusal(topic, parsed, resolved.reason, detail, payload));
  return null;
}

/** Whether a value is stored: a reported point's finite number within its range. */
const accepts = (point: PointInfo | undefined, value: unknown): value is number =>
  point !== undefined &&
  typeof value === 'number' &&
  Number.isFinite(value) &&
  (point.min === null || value >= point.min) &&
  (point.max === null || value <= point.max) &&
  REPORTED.has(point.kind);

/** The range is the device's (raw); what is stored is calibrated (offset settings). */
const calibrated = (point: PointInfo, value: number): number =>
  point.scale === 1 && point.offset === 0 ? value : value * point.scale + point.offset;

/** Why a value is not stored (its detail is written only for the few values a row shows). */
function problemOf(point: PointInfo | undefined, value: unknown): QuarantineReason {
  if (!point || !REPORTED.has(point.kind)) return 'unknownPoint';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'notANumber';
  return 'outOfRange';
}

function describe(
  reason: QuarantineReason,
  device: DeviceInfo,
  point: PointInfo | undefined,
  code: string,
  value: unknown,
) {
  if (reason === 'unknownPoint')
    return point ? `${code} is a ${point.kind}, written by commands` : `no point ${code} on ${device.sn}`;
  if (reason === 'notANumber') return `${code} is ${value === null ? 'null' : typeof value}`;
  return `${code} ${value} outside [${point?.min ?? '-∞'}, ${point?.max ?? '∞'}]`;
}

/**
 * The samples of one well-formed message of a known device, checked a run at a time: each
 * sample's time and each value. Good values go to the sink as readings even when other parts
 * of the message are refused; refused ones are counted per reason (`rows`), never dropped
 * silently. (Hot path: no closure or object per value for good values.)
 */
export class SampleCheck {
  private readonly problems = new ProblemTally();

  constructor(
    private readonly device: DeviceInfo,
    private readonly window: TimeWindow,
  ) {}

  /** Checks samples [from, to) as JSON.parse gave them. */
  check(samples: readonly Sample[], from: number, to: number, sink: Readings): void {
    const { device } = this;
    for (let s = from; s < to; s++) {
      const sample = samples[s];
      if (!sample || !this.inWindow(sample.ts)) continue;
      const { ts, values } = sample;
      for (const code in values) {
        const value = values[code];
        const point = device.points.get(code);
        if (accepts(point, value)) sink.reading(device, point as PointInfo, ts, calibrated(point as PointInfo, value));
        else this.refuse(point, code, value, ts);
      }
    }
  }

  /** Checks one sample as sample-reader.ts read it. */
  checkPairs(sample: PairSample, sink: Readings): void {
    if (!this.inWindow(sample.ts)) return;
    const { device } = this;
    const { ts, codes, values } = sample;
    const last = lastOfEach(codes);
    for (let k = 0; k < codes.length; k++) {
      if (last && last.get(codes[k] ?? '') !== k) continue;
      const code = codes[k] ?? '';
      const value = values[k];
      const point = device.points.get(code);
      if (accepts(point, value)) sink.reading(device, point as PointInfo, ts, calibrated(point as PointInfo, value));
      else this.refuse(point, code, value, ts);
    }
  }

  private inWindow(ts: number): boolean {
    const { window, problems } = this;
    if (ts <= window.newest && ts >= window.oldest) return true;
    const future = ts > window.newest;
    const reason = future ? 'future' : 'tooOld';
    const detail = problems.wants(reason)
      ? `ts ${iso(ts)} ${future ? 'ahead of' : 'before'} ${iso(future ? window.newest : window.oldest)}`
      : null;
    problems.add(reason, ts, null, null, detail);
    return false;
  }

  private refuse(point: PointInfo | undefined, code: string, value: unknown, ts: number): void {
    const { problems } = this;
    const reason = problemOf(point, value);
    problems.add(
      reason,
      ts,
      code,
      value,
      problems.wants(reason) ? describe(reason, this.device, point, code, value) : null,
    );
  }

  /** One quarantine row per reason met. */
  rows(topic: string, parsed: ParsedTopic): QuarantineEntry[] {
    return this.problems.entries(topic, parsed);
  }
}

/**
 * Where each code of a sample comes last, when some come more than once (a code sent twice
 * counts once, with its last value, as with JSON.parse); null when each comes once.
 */
function lastOfEach(codes: readonly string[]): Map<string, number> | null {
  if (new Set(codes).size === codes.length) return null;
  const last = new Map<string, number>();
  for (let k = 0; k < codes.length; k++) last.set(codes[k] ?? '', k);
  return last;
}

/** The first few codes of a sample (for a refused message's row). */
export function firstCodes(sample: Sample | undefined, n = 5): string[] {
  const out: string[] = [];
  if (!sample) return out;
  for (const code in sample.values) {
    if (out.length === n) break;
    out.push(code);
  }
  return out;
}

/**
 * Checks one telemetry message in one go (docs/device-protocol.md): the topic's station and
 * device, the JSON shape, the point caps — refused whole past them, before any value is
 * looked at — then each sample. For payloads small enough to parse in one turn; larger ones
 * go through `validateInTurns`.
 */
export function validateTelemetry(
  snapshot: RegistrySnapshot,
  topic: string,
  parsed: ParsedTopic,
  payload: Buffer,
  window: TimeWindow,
  caps: PointCaps,
  sink: ValidationSink,
): void {
  const device = resolveDevice(snapshot, topic, parsed, payload, sink);
  if (!device) return;

  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch (err) {
    sink.quarantine(refusal(topic, parsed, 'malformedJson', (err as Error).message, payload));
    return;
  }
  const shape = telemetrySamples(json);
  if (!shape.ok) {
    sink.quarantine(refusal(topic, parsed, 'badShape', shape.detail, payload));
    return;
  }
  const { samples, codes } = shape;
  let total = 0;
  for (const n of codes) total += n;
  const over = overCaps(codes, total, capsFor(device, caps));
  if (over) {
    sink.quarantine(tooManyPoints(topic, parsed, over.detail, codes, total, firstCodes(samples[over.sample])));
    return;
  }
  sink.deviceSeen(device);
  const check = new SampleCheck(device, window);
  check.check(samples, 0, samples.length, sink);
  for (const row of check.rows(topic, parsed)) sink.quarantine(row);
}
