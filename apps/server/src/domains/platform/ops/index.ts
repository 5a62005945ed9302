/** The ops module's public face: what other modules may use. */
export { registerLifecycle } from './lifecycle';
export { opsRoutes } from './ops.routes';
export { scheduleRetention } from './retention-job';
export { handleShutdownSignals } from './shutdown';
