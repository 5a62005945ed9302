import type { ParsedTopic } from '@ess/contract';
import { type QuarantineEntry, type QuarantineReason, quarantineEntry } from './quarantine';
import type { DeviceInfo, PointInfo, RegistrySnapshot } from './registry-snapshot';
import { telemetrySamples } from './telemetry-shape';

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

const MISSING = { unknownStation: 'no station', unknownDevice: 'no device', wrongStation: 'device not of station' };

const iso = (ts: number): string =>
  Number.isFinite(ts) && Math.abs(ts) < 8.64e15 ? new Date(ts).toISOString() : String(ts);

function entry(
  topic: string,
  parsed: ParsedTopic,
  reason: QuarantineReason,
  detail: string,
  payload: string,
  pointCode: string | null = null,
  ts: number | null = null,
): QuarantineEntry {
  return quarantineEntry({
    topic,
    stationCode: parsed.stationCode,
    sn: parsed.sn,
    pointCode,
    ts,
    reason,
    detail,
    payload,
  });
}

/** Why one value of a sample is not stored. */
function valueProblem(device: DeviceInfo, point: PointInfo | undefined, code: string, value: unknown) {
  if (!point || !REPORTED.has(point.kind)) {
    const detail = point ? `${code} is a ${point.kind}, written by commands` : `no point ${code} on ${device.sn}`;
    return { reason: 'unknownPoint' as const, detail };
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { reason: 'notANumber' as const, detail: `${code} is ${value === null ? 'null' : typeof value}` };
  }
  return {
    reason: 'outOfRange' as const,
    detail: `${code} ${value} outside [${point.min ?? '-∞'}, ${point.max ?? '∞'}]`,
  };
}

/**
 * Checks one telemetry message (docs/device-protocol.md): the topic's station and device,
 * the JSON shape, each sample's time and each value. Good values go to the sink as readings
 * even when other parts of the same message are quarantined; nothing is dropped silently.
 * (Hot path: no closure or object per value for good values.)
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
  const resolved = snapshot.resolve(parsed.stationCode, parsed.sn);
  if (!resolved.ok) {
    const detail = `${MISSING[resolved.reason]} ${parsed.stationCode}/${parsed.sn}`;
    sink.quarantine(entry(topic, parsed, resolved.reason, detail, text));
    return;
  }
  const device = resolved.device;

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    sink.quarantine(entry(topic, parsed, 'malformedJson', (err as Error).message, text));
    return;
  }
  const shape = telemetrySamples(json);
  if (!shape.ok) {
    sink.quarantine(entry(topic, parsed, 'badShape', shape.detail, text));
    return;
  }
  sink.deviceSeen(device);

  for (const sample of shape.samples) {
    const { ts, values } = sample;
    if (ts > window.newest || ts < window.oldest) {
      const future = ts > window.newest;
      const detail = `ts ${iso(ts)} ${future ? 'ahead of' : 'before'} ${iso(future ? window.newest : window.oldest)}`;
      sink.quarantine(entry(topic, parsed, future ? 'future' : 'tooOld', detail, JSON.stringify(sample), null, ts));
      continue;
    }
    for (const code in values) {
      const value = values[code];
      const point = device.points.get(code);
      if (
        point !== undefined &&
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (point.min === null || value >= point.min) &&
        (point.max === null || value <= point.max) &&
        REPORTED.has(point.kind)
      ) {
        // The range is the device's (raw); what is stored is calibrated (offset settings).
        sink.reading(
          device,
          point,
          ts,
          point.scale === 1 && point.offset === 0 ? value : value * point.scale + point.offset,
        );
        continue;
      }
      const { reason, detail } = valueProblem(device, point, code, value);
      sink.quarantine(entry(topic, parsed, reason, detail, JSON.stringify({ [code]: value }), code, ts));
    }
  }
}
