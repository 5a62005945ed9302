/** The equipment module's public face: what other modules may use. */

export { equipmentApi } from './equipment.module';
export { equipmentModule } from './equipment.wiring';
