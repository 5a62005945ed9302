/** The alarm module's public face: what other modules may use. */

export { alarmApi } from './alarm.module';
export { alarmRoutes } from './alarm.routes';
export { activeEvents, confirmEvents, eventStation, stationAlarmCounts } from './alarm-event.repository';
export { AlarmEventService } from './alarm-event.service';
export { alarmContent } from './alarm-rules';
export type { Written } from './alarm-store.repository';
export {
  activeCountsByLevel,
  insertRaised,
  recoverKeys,
  severeAlarmSpans,
  stationsWithActive,
  worstActiveLevel,
} from './alarm-store.repository';
export { pushChanges } from './alarm-writer';
export { deviationText } from './deviation-text';
