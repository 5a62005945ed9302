/**
 * The MQTT device protocol (docs/device-protocol.md). Real devices, gateways and the station
 * simulator speak it; it is fixed, so change it only compatibly.
 */
import { z } from 'zod';
import { PAYLOAD_KINDS } from './command';
import { transferOrder } from './remote-file';
import { upgradeOrder } from './upgrade';

export const TOPIC_ROOT = 'ess';
export const CHANNELS = ['telemetry', 'status', 'cmd', 'cmd/ack'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Station codes and serial numbers are topic segments: no `/`, `+`, `#`, spaces or control characters. */
export const TOPIC_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const topicOf = (stationCode: string, sn: string, channel: Channel): string =>
  `${TOPIC_ROOT}/${stationCode}/${sn}/${channel}`;

export type ParsedTopic = { stationCode: string; sn: string; channel: Channel };

/** Splits `ess/<stationCode>/<sn>/<channel>`; null for any other topic. */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  if (parts[0] !== TOPIC_ROOT || parts.length < 4 || parts.length > 5) return null;
  const [, stationCode = '', sn = '', ...rest] = parts;
  const channel = rest.join('/');
  if (!TOPIC_SEGMENT.test(stationCode) || !TOPIC_SEGMENT.test(sn)) return null;
  if (!(CHANNELS as readonly string[]).includes(channel)) return null;
  return { stationCode, sn, channel: channel as Channel };
}

/** One sample of a device: epoch milliseconds and point values by point code. */
export const telemetryMessage = z.object({
  ts: z.number().int().positive(),
  values: z.record(z.string().min(1).max(64), z.unknown()),
});
export type TelemetryMessage = { ts: number; values: Record<string, number> };

/** The longest array of samples one telemetry message may carry. */
export const MAX_SAMPLES_PER_MESSAGE = 10_000;

/** A message, or an array of them (a gateway resending what it buffered while offline). */
export const telemetryPayload = z.union([
  telemetryMessage,
  z.array(telemetryMessage).min(1).max(MAX_SAMPLES_PER_MESSAGE),
]);

/**
 * Retained; also the device's last will (`{"online": false}`). `firmware`: the version the
 * device runs, sent with `online: true` (firmware upgrades target and verify by it).
 */
export const statusPayload = z.object({ online: z.boolean(), firmware: z.string().min(1).max(40).optional() });
export type StatusPayload = z.infer<typeof statusPayload>;

/**
 * A command to a device: set points (setpoints and controls) by code. `kind` (absent: `points`)
 * and `config` were added compatibly: a configuration push (`configSync`, `virtualSync`) carries
 * the configuration in `config` and an empty `points`, so a device that knows only points
 * still reads it.
 */
export const commandPayload = z.object({
  id: z.string().min(1).max(64),
  ts: z.number().int().positive(),
  points: z.record(z.string().min(1).max(64), z.number()),
  kind: z.enum(PAYLOAD_KINDS).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  /** A firmware upgrade (`kind: "upgrade"`): where to fetch it (HTTP Range, no session), its size, hash and version. */
  upgrade: upgradeOrder.optional(),
  /** A file transfer (`kind: "filePush" | "filePull"`): where to fetch or put the bytes, and the device path. */
  transfer: transferOrder.optional(),
});
export type CommandPayload = z.infer<typeof commandPayload>;

/**
 * The device's answer on `…/cmd/ack`. No answer within the timeout counts as timeout. A long
 * command (a firmware upgrade) may first answer `progress` (0–100) any number of times; its
 * `success` names the `version` the device runs after it.
 */
export const commandAck = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(['success', 'failure', 'progress']),
  message: z.string().max(500).optional(),
  progress: z.number().min(0).max(100).optional(),
  version: z.string().min(1).max(40).optional(),
  /** A file push's answer: the SHA-256 the device computed of what it received. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type CommandAck = z.infer<typeof commandAck>;

/** How far ahead of the server's clock a sample may be (clock skew of devices). */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
