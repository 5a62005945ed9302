/** The dashboard module's public face: what other modules may use. */

export { dashboardApi } from './dashboard.module';
