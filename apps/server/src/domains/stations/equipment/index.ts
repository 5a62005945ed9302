/** The equipment module's public face: what other modules may use. */

export { modelCodeTaken as deviceModelExists } from './device-model.repository';
export { equipmentApi } from './equipment.module';
export { equipmentModule } from './equipment.wiring';
