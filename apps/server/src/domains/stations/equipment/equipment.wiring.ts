import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import { DeviceModelService } from './device-model.service';
import { EmsEquipmentService } from './ems-equipment.service';
import { equipmentRoutes } from './equipment.routes';
import { EquipmentService } from './equipment.service';
import { ModelTypeService } from './model-type.service';
import { RelevancyService } from './relevancy.service';

/** Equipment and models (issue 13 part 7, first half), wired. */
export const equipmentModule = (deps: { db: Db; bus: TelemetryBus; telemetry: TelemetryRuntime | null }) =>
  equipmentRoutes({
    modelTypes: new ModelTypeService(deps.db),
    models: new DeviceModelService(deps.db, deps.bus, deps.telemetry),
    relevancy: new RelevancyService(deps.db),
    equipment: new EquipmentService(deps.db, deps.bus, deps.telemetry),
    ems: new EmsEquipmentService(deps.db),
  });
