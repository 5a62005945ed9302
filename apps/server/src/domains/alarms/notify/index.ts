/** The notify module's public face: what other modules may use. */

export { notifyApi } from './notify.module';
export { writeLog as logNotifications } from './notify.repository';
export type { NotifyModuleOptions, NotifyPort } from './notify.wiring';
export { notifyModule, wireNotifyToAlarms } from './notify.wiring';
export type { InAppSink, NotifySender, Outgoing } from './notify-channels';
export { type EmailSender, emailFromEnv } from './notify-email';
export { NotifyEngine, type RaisedAlarm } from './notify-engine';
export { raiseNotice, type StationNotice } from './notify-notice';
