/** The cluster module's public face: what other modules may use. */
export { DEFAULT_TIMINGS, SessionTakeover } from './session-takeover';
