/** The command module's public face: what other modules may use. */

export {
  type CommandOutcome,
  commandAddress,
  commandOutcomes,
  commandPage,
  inFlightOfDevices,
  lastCommands,
} from './command.repository';
export { CommandService, deviceLane } from './command.service';
export { platformMessage, readMessage } from './command-message';
export type { PointLabel } from './command-value';
export {
  cataloguePoint,
  planSegmentsProblem,
  segmentWhere,
  sharedPlanProblem,
  valuePointsOf,
  valueRefusal,
  valueRefusalMessage,
} from './command-value';
export { emsOfStations } from './station-ems';
export { assertTemplateEditable, assertTemplateStation, mayEditTemplate } from './template-owner';
