import { type ParsedTopic, telemetryPayload } from '@ess/contract';
import { type QuarantineEntry, type QuarantineReason, quarantineEntry } from './quarantine';
import type { DeviceInfo, PointInfo, RegistrySnapshot } from './registry-snapshot';

/** Where validation puts its results: good samples and quarantine entries. */
export interface ValidationSink {
  reading(device: DeviceInfo, point: PointInfo, ts: number, value: number): void;
  quarantine(entry: QuarantineEntry): void;
  /** The device sent a well-formed message (even if every value was rejected). */
  deviceSeen(device: DeviceInfo): void;
}

/** Accepted sample times: not older than the raw retention, not further ahead than the skew. */
export type TimeWindow = { oldest: number; newest: number };

/** Kinds a device reports; setpoints and controls are written by commands. */
const REPORTED = new Set(['telemetry', 'status']);

const iso = (ts: number): string =>
  Number.isFinite(ts) && Math.abs(ts) < 8.64e15 ? new Date(ts).toISOString() : String(ts);

/**
 * Checks one telemetry message (docs/device-protocol.md): the topic's station and device,
 * the JSON shape, each sample's time and each value. Good values go to the sink as readings
 * even when other parts of the same message are quarantined; nothing is dropped silently.
 */
export function validateTelemetry(
  snapshot: RegistrySnapshot,
  topic: string,
  parsed: ParsedTopic,
  payload: Buffer,
  window: TimeWindow,
  sink: ValidationSink,
): void {
  const text = payload.toString('utf8');
  const reject = (reason: QuarantineReason, detail: string, extra: Partial<QuarantineEntry> = {}) =>
    sink.quarantine(
      quarantineEntry({
        topic,
        stationCode: parsed.stationCode,
        sn: parsed.sn,
        pointCode: null,
        ts: null,
        reason,
        detail,
        payload: text,
        ...extra,
      }),
    );

  const resolved = snapshot.resolve(parsed.stationCode, parsed.sn);
  if (!resolved.ok) {
    const what = { unknownStation: 'no station', unknownDevice: 'no device', wrongStation: 'device not of station' };
    reject(resolved.reason, `${what[resolved.reason]} ${parsed.stationCode}/${parsed.sn}`);
    return;
  }
  const device = resolved.device;

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    reject('malformedJson', (err as Error).message);
    return;
  }
  const shape = telemetryPayload.safeParse(json);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    reject('badShape', issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid');
    return;
  }
  sink.deviceSeen(device);

  for (const sample of Array.isArray(shape.data) ? shape.data : [shape.data]) {
    const { ts, values } = sample;
    if (ts > window.newest || ts < window.oldest) {
      const future = ts > window.newest;
      reject(
        future ? 'future' : 'tooOld',
        `ts ${iso(ts)} ${future ? 'ahead of' : 'before'} ${iso(future ? window.newest : window.oldest)}`,
        {
          ts,
          payload: JSON.stringify(sample),
        },
      );
      continue;
    }
    for (const code in values) {
      const value = values[code];
      const point = device.points.get(code);
      const bad = (reason: QuarantineReason, detail: string) =>
        reject(reason, detail, { pointCode: code, ts, payload: JSON.stringify({ [code]: value }) });
      if (!point || !REPORTED.has(point.kind)) {
        bad(
          'unknownPoint',
          point ? `${code} is a ${point.kind}, written by commands` : `no point ${code} on ${device.sn}`,
        );
      } else if (typeof value !== 'number' || !Number.isFinite(value)) {
        bad('notANumber', `${code} is ${value === null ? 'null' : typeof value}`);
      } else if ((point.min !== null && value < point.min) || (point.max !== null && value > point.max)) {
        bad('outOfRange', `${code} ${value} outside [${point.min ?? '-∞'}, ${point.max ?? '∞'}]`);
      } else {
        sink.reading(device, point, ts, value);
      }
    }
  }
}
