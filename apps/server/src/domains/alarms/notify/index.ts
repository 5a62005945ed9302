/** The notify module's public face: what other modules may use. */

export { notifyApi } from './notify.module';
export type { NotifyModuleOptions, NotifyPort } from './notify.wiring';
export { notifyModule, wireNotifyToAlarms } from './notify.wiring';
export type { InAppSink, NotifySender, Outgoing } from './notify-channels';
export { NotifyEngine, type RaisedAlarm } from './notify-engine';
export { raiseNotice, type StationNotice } from './notify-notice';
