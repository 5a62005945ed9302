/** The automation module's public face: alarm → order rules and inspection schedules (configuration). */
export { automationApi } from './automation.module';
