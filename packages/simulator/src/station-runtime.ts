import type { DeviceAgent } from './agent/device-agent';
import type { StationModel } from './station/station-model';
import type { TelemetryEncoder } from './telemetry/telemetry-encoder';

/** A station model with the agents and encoders of the devices that report. */
export type StationRuntime = {
  model: StationModel;
  channels: Map<string, { agent: DeviceAgent; encoder: TelemetryEncoder }>;
};
