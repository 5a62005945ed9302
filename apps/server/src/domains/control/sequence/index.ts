/** The sequence module's public face: what other modules may use. */

export { sequenceApi } from './sequence.module';
export type { SequenceDeps } from './sequence.wiring';
export { sequenceModule } from './sequence.wiring';
export { renderRun } from './sequence-render';
