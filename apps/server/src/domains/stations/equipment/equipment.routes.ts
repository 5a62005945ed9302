import { EQUIPMENT_PERMS, equipModelApi, equipmentApi, modelTypeApi, relevancyApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { SessionUser } from '../../../lib/types';
import type { DeviceModelService } from './device-model.service';
import type { EmsEquipmentService } from './ems-equipment.service';
import type { EquipmentService } from './equipment.service';
import type { ModelTypeService } from './model-type.service';
import type { RelevancyService } from './relevancy.service';

export type EquipmentServices = {
  modelTypes: ModelTypeService;
  models: DeviceModelService;
  relevancy: RelevancyService;
  equipment: EquipmentService;
  ems: EmsEquipmentService;
};

/**
 * Calls shared by the device-model and EMS-model pages: a caller holding only the EMS model
 * page's permission reaches EMS models only (others answer like missing ones).
 */
const emsOnly = (user: SessionUser, perm: string): 'ems' | undefined =>
  user.isAdmin || user.perms.has(perm) ? undefined : 'ems';

export const equipmentRoutes =
  ({ modelTypes, models, relevancy, equipment, ems }: EquipmentServices): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, modelTypeApi.modelTypePage, (q, { lang }) => modelTypes.page(q, lang));
    route(app, modelTypeApi.modelTypeList, (q, { lang }) => modelTypes.list(q.deviceType, lang));
    route(app, modelTypeApi.modelTypeAdd, (b, { lang }) => modelTypes.add(b, lang));
    route(app, modelTypeApi.modelTypeUpdate, (b, { lang }) => modelTypes.update(b, lang));
    route(app, modelTypeApi.modelTypeDelete, ({ id }) => modelTypes.remove(id));

    route(app, equipModelApi.equipModelPage, (q, { lang }) => models.page(q, lang));
    route(app, equipModelApi.equipModelList, (q, { lang }) => models.list(q.deviceType, lang));
    route(app, equipModelApi.equipModelDetail, ({ id }, { user, lang }) =>
      models.detail(id, lang, emsOnly(user, EQUIPMENT_PERMS.equipModel.query)),
    );
    route(app, equipModelApi.equipModelAdd, (b) => models.add(b));
    route(app, equipModelApi.equipModelUpdate, (b) => models.update(b));
    route(app, equipModelApi.equipModelDelete, ({ id }) => models.remove(id));
    route(app, equipModelApi.equipModelPrunePoints, ({ id }, { user }) =>
      models.prunePoints(id, emsOnly(user, EQUIPMENT_PERMS.equipModel.edit)),
    );
    route(app, equipModelApi.equipModelExportPoints, ({ id }, { user, lang }) =>
      models.exportPoints(id, lang, emsOnly(user, EQUIPMENT_PERMS.equipModel.query)),
    );
    route(app, equipModelApi.equipModelImportPoints, ({ id, file }, { user, lang }) =>
      models.importPoints(id, file, lang, emsOnly(user, EQUIPMENT_PERMS.equipModel.edit)),
    );
    route(app, equipModelApi.emsModelPage, (q, { lang }) => models.page({ ...q, deviceType: 'ems' }, lang));
    route(app, equipModelApi.emsModelAdd, (b) => models.add({ ...b, deviceType: 'ems' }));
    route(app, equipModelApi.emsModelUpdate, (b) => models.update({ ...b, deviceType: 'ems' }, 'ems'));
    route(app, equipModelApi.emsModelDelete, ({ id }) => models.remove(id, 'ems'));

    route(app, relevancyApi.relevancyPage, (q, { lang }) => relevancy.page(q, lang));
    route(app, relevancyApi.relevancySave, (b, { lang }) => relevancy.save(b, lang));

    route(app, equipmentApi.equipmentPage, (q, { user, lang }) => equipment.page(user, q, lang));
    route(app, equipmentApi.equipmentDetail, ({ id }, { user, lang }) => equipment.detail(user, id, lang));
    route(app, equipmentApi.equipmentAdd, (b, { user, lang }) => equipment.add(user, b, lang));
    route(app, equipmentApi.equipmentUpdate, (b, { user, lang }) => equipment.update(user, b, lang));
    route(app, equipmentApi.equipmentDelete, ({ id }, { user }) => equipment.remove(user, id));
    route(app, equipmentApi.emsEquipmentPage, (q, { user, lang }) => ems.page(user, q, lang));
  };
