/** The logs module's public face: what other modules may use. */
export { logParams } from './log-params';
export { logsApi } from './logs.module';
export { logsRoutes } from './logs.routes';
export { CLIENT_ERROR_RETENTION_MS, LogsService } from './logs.service';
export type { LogEntry } from './operation-log.repository';
export { writeLog } from './operation-log.repository';
