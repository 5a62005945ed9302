export type { AgentStats } from './agent/agent-stats';
export { DEFAULT_FIRMWARE, DeviceAgent, type DeviceAgentOptions } from './agent/device-agent';
export {
  parseUpgradeBehaviour,
  UPGRADE_BEHAVIOURS,
  type UpgradeBehaviour,
  UpgradeBehaviours,
} from './agent/firmware-upgrade';
export type { BackfillProgress } from './backfill';
export type { PointValues, SimDevice } from './devices/sim-device';
export type { SimLogger } from './logger';
export {
  type Credentials,
  type SimulatedStation,
  type Simulation,
  SimulationAborted,
  type SimulationOptions,
  startSimulation,
} from './simulation';
export {
  COMMAND_BEHAVIOURS,
  type CommandBehaviour,
  CommandBehaviours,
  parseCommandBehaviour,
  SIMULATED_FAILURE,
} from './station/command-behaviour';
export { FAULT_KINDS, type FaultKind, type FaultRequest, isFaultKind, parseFaultRequest } from './station/faults';
export { plantMeterConnections } from './station/meter-connections';
export type { SimStation } from './station/sim-station';
export { type CommandOutcome, type StationBalance, type StationDispatch, StationModel } from './station/station-model';
export type { GridConnection, StationProfile, StrategyParams } from './station/station-profile';
export { cyclesPerDay, type StorageIntent, type TouWindow, touWindows } from './station/tou-schedule';
export { reportedPoints, SLOW_EVERY, TelemetryEncoder } from './telemetry/telemetry-encoder';
export * from './weather/weather-model';
