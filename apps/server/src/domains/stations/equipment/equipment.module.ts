import type { ApiModule } from '../../../kernel/api-module';
import { equipmentModule } from './equipment.wiring';

/** The equipment module's calls, wired from the platform's shared parts. */
export const equipmentApi: ApiModule = ({ db, bus, telemetry }) => equipmentModule({ db, bus, telemetry });
