import { parseTopic, topicOf } from '@ess/contract';

/** Who an authenticated connection is: a device, by serial and station. */
export type DeviceIdentity = { deviceId: number; sn: string; stationCode: string };

/** A device publishes only its own telemetry, status and command answers. */
export function mayPublish(id: DeviceIdentity, topic: string): boolean {
  const t = parseTopic(topic);
  return (
    t !== null &&
    t.stationCode === id.stationCode &&
    t.sn === id.sn &&
    (t.channel === 'telemetry' || t.channel === 'status' || t.channel === 'cmd/ack')
  );
}

/** …and subscribes only to its own command topic (no wildcards). */
export const maySubscribe = (id: DeviceIdentity, topic: string): boolean =>
  topic === topicOf(id.stationCode, id.sn, 'cmd');
