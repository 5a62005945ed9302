/** The telemetry module's public face: what other modules may use. */
export type { DeviceStatusTracker } from './device-status';
export type { Done } from './ingest-batch';
export type { IngestService } from './ingest-service';
export type { PointRegistry } from './point-registry';
export type { QuarantineReason } from './quarantine';
export { payloadText, quarantineEntry } from './quarantine';
export { rawSamples } from './raw-samples';
export type { DeviceInfo, RegistrySnapshot } from './registry-snapshot';
export type { TelemetryHooks } from './telemetry-runtime';
export { TelemetryRuntime } from './telemetry-runtime';
