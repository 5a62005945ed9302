import type { ParsedTopic } from '@ess/contract';
import { PayloadScanner } from './payload-scan';
import { capsFor, overCaps, type PointCaps } from './point-caps';
import type { DeviceInfo, PointInfo, RegistrySnapshot } from './registry-snapshot';
import { readSample } from './sample-reader';
import {
  type Readings,
  refusal,
  resolveDevice,
  SampleCheck,
  type TimeWindow,
  tooManyPoints,
  type ValidationSink,
} from './telemetry-validator';

/**
 * How long one turn of the event loop works on a message before it lets the loop turn (the
 * work is checked after each step: 64 KB scanned, one sample read, 1,024 values put into the
 * batch, each well under a millisecond).
 */
export const TURN_MS = 5;
const STEP = { scanBytes: 64 << 10, values: 1024 };
/** A sample's text past this is refused unread: no point list comes near it (88 codes take ~2 KB). */
export const MAX_SAMPLE_BYTES = 256 << 10;

/**
 * Where each run of a message's results goes (the lane's batch filling at that moment: one
 * message may span several) and the pause between runs, in which the event loop turns.
 */
export type Turns = { sink: () => ValidationSink; pause: () => Promise<void> };

/** Lets the event loop turn once the current turn has worked TURN_MS. */
class Slices {
  private started = performance.now();

  constructor(private readonly pause: () => Promise<void>) {}

  async next(): Promise<void> {
    if (performance.now() - this.started < TURN_MS) return;
    await this.pause();
    this.started = performance.now();
  }
}

/** `path` of a sample inside the message, for a detail as the contract's schema words it. */
function within(index: number, array: boolean, detail: string): string {
  if (!array) return detail;
  return detail.startsWith('(root)') ? `${index}${detail.slice('(root)'.length)}` : `${index}.${detail}`;
}

/**
 * Checks one telemetry message like `validateTelemetry`, a slice at a time, so no message holds
 * the event loop however large (up to the packet limit) or hostile it is: the bytes are first
 * scanned for the samples' places and their point codes counted, and a message over the caps is
 * refused then, unread; otherwise each sample is read (sample-reader.ts), then the samples
 * checked. As in one go, a message with a malformed sample stores nothing.
 */
export async function validateInTurns(
  snapshot: RegistrySnapshot,
  topic: string,
  parsed: ParsedTopic,
  payload: Buffer,
  window: TimeWindow,
  configured: PointCaps,
  turns: Turns,
): Promise<void> {
  const device = resolveDevice(snapshot, topic, parsed, payload, { quarantine: (e) => turns.sink().quarantine(e) });
  if (!device) return;
  const caps = capsFor(device, configured);

  const slices = new Slices(turns.pause);
  const scanner = new PayloadScanner(payload, caps.perSample);
  let scan = scanner.step(STEP.scanBytes);
  while (scan === null) {
    await slices.next();
    scan = scanner.step(STEP.scanBytes);
  }
  if (!scan.ok) {
    turns.sink().quarantine(refusal(topic, parsed, scan.reason, scan.detail, payload));
    return;
  }
  const { array, starts, ends, codes, total } = scan;
  const over = overCaps(codes, total, caps);
  if (over) {
    const sample = scan.over?.index === over.sample ? scan.over.sample : scan.sample;
    turns.sink().quarantine(tooManyPoints(topic, parsed, over.detail, codes, total, sample));
    return;
  }
  for (let i = 0; i < starts.length; i++) {
    const bytes = (ends[i] ?? 0) - (starts[i] ?? 0);
    if (bytes > MAX_SAMPLE_BYTES) {
      const detail = within(i, array, `(root): ${bytes} bytes, more than ${MAX_SAMPLE_BYTES} for a sample`);
      turns.sink().quarantine(refusal(topic, parsed, 'badShape', detail, payload));
      return;
    }
  }

  // Each sample is read and checked at once; its good values wait here until the whole message
  // is known to be well-formed (a malformed sample stores nothing, as in one go).
  const staged = new StagedReadings();
  const check = new SampleCheck(device, window);
  for (let i = 0; i < starts.length; i++) {
    await slices.next();
    const read = readSample(payload, starts[i] ?? 0, ends[i] ?? 0);
    if (!read.ok) {
      const detail = read.reason === 'malformedJson' && !array ? read.detail : within(i, array, read.detail);
      turns.sink().quarantine(refusal(topic, parsed, read.reason, detail, payload));
      return;
    }
    check.checkPairs(read.sample, staged);
  }

  turns.sink().deviceSeen(device);
  for (let from = 0; from < staged.length; from += STEP.values) {
    await slices.next();
    staged.replay(device, from, Math.min(staged.length, from + STEP.values), turns.sink());
  }
  const sink = turns.sink();
  for (const row of check.rows(topic, parsed)) sink.quarantine(row);
}

/** Good values of a message being read, in columns, for the batch once the message is whole. */
class StagedReadings implements Readings {
  private readonly points: PointInfo[] = [];
  private readonly ts: number[] = [];
  private readonly values: number[] = [];

  get length(): number {
    return this.points.length;
  }

  reading(_device: DeviceInfo, point: PointInfo, ts: number, value: number): void {
    this.points.push(point);
    this.ts.push(ts);
    this.values.push(value);
  }

  replay(device: DeviceInfo, from: number, to: number, sink: Readings): void {
    for (let k = from; k < to; k++) {
      const point = this.points[k];
      if (point) sink.reading(device, point, this.ts[k] ?? 0, this.values[k] ?? 0);
    }
  }
}
