/** The strategy module's public face: what other modules may use. */

export { toLocalDays } from './load-history';
export { strategyApi } from './strategy.module';
export { strategyModule } from './strategy.wiring';
