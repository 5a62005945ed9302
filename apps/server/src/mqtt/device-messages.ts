import { commandAck, parseTopic, statusPayload } from '@ess/contract';
import type { z } from 'zod';
import type { DeviceStatusTracker, Done, IngestService, PointRegistry } from '../domains/telemetry/telemetry';
import { payloadText, type QuarantineReason, quarantineEntry } from '../domains/telemetry/telemetry';
import type { TelemetryBus } from '../kernel/telemetry-bus';

/** One message from a device, whichever broker carried it; `done` acknowledges it. */
export type DeviceMessageHandler = (topic: string, payload: Buffer, done: Done) => void;

type Deps = { registry: PointRegistry; ingest: IngestService; status: DeviceStatusTracker; bus: TelemetryBus };

/**
 * A status or command answer is a few dozen bytes (an answer's message at most 500 characters);
 * past this it is refused unparsed, so parsing one never holds the event loop.
 */
const MAX_SMALL_PAYLOAD = 16 << 10;

/**
 * Routes device messages by channel: telemetry to the ingest (acknowledged after commit),
 * status to the device status, command answers to the bus. Whatever cannot be used is
 * quarantined (and acknowledged once that is committed).
 */
export function deviceMessageHandler({ registry, ingest, status, bus }: Deps): DeviceMessageHandler {
  return (topic, payload, done) => {
    const parsed = parseTopic(topic);
    const reject = (reason: QuarantineReason, detail: string) =>
      ingest.submitQuarantine(
        quarantineEntry({
          topic,
          stationCode: parsed?.stationCode ?? null,
          sn: parsed?.sn ?? null,
          pointCode: null,
          ts: null,
          reason,
          detail,
          payload: payloadText(payload),
        }),
        done,
      );
    if (!parsed) return reject('badTopic', 'not ess/<station>/<serial>/<channel>');
    if (parsed.channel === 'telemetry') return ingest.submitTelemetry(topic, parsed, payload, done);
    if (parsed.channel === 'cmd') return done(); // the platform's own commands

    const resolved = registry.snapshot.resolve(parsed.stationCode, parsed.sn);
    if (!resolved.ok) return reject(resolved.reason, `${parsed.stationCode}/${parsed.sn}`);
    // An empty retained message only clears the broker's copy.
    if (payload.length === 0) return done();
    const device = resolved.device;
    const bad = parsed.channel === 'status' ? 'badStatus' : 'badCommandAck';
    if (payload.length > MAX_SMALL_PAYLOAD)
      return reject(bad, `${payload.length} bytes, more than ${MAX_SMALL_PAYLOAD}`);
    if (parsed.channel === 'status') {
      const body = parseJson(statusPayload, payload);
      if (!body.ok) return reject('badStatus', body.error);
      status.report(device, body.value.online);
      const firmware = body.value.firmware;
      if (firmware)
        bus.emit('deviceFirmware', { stationId: device.station.id, deviceId: device.id, version: firmware });
    } else {
      const body = parseJson(commandAck, payload);
      if (!body.ok) return reject('badCommandAck', body.error);
      bus.emit('commandAck', { stationId: device.station.id, deviceId: device.id, ack: body.value });
    }
    done();
  };
}

function parseJson<T>(schema: z.ZodType<T>, payload: Buffer): { ok: true; value: T } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  let r: ReturnType<typeof schema.safeParse>;
  try {
    r = schema.safeParse(json);
  } catch (err) {
    // zod 4 throws on some objects (a "constructor": null key) instead of reporting them.
    return { ok: false, error: `unreadable: ${(err as Error).message}` };
  }
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  return { ok: false, error: issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid' };
}
