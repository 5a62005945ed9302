import { workRecordsApi as api } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { RecordService } from './records.service';

export const recordsRoutes =
  (records: RecordService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.inspectionRecordPage, (q) => records.inspectionPage(q));
    route(app, api.inspectionRecordAdd, (b, { user }) => records.addInspection(b, user));
    route(app, api.inspectionRecordUpdate, (b) => records.updateInspection(b));
    route(app, api.inspectionRecordDelete, (b) => records.removeInspection(b));
    route(app, api.inspectionRecordExport, (b, { lang }) => records.exportInspections(b, lang));
    route(app, api.repairRecordPage, (q) => records.repairPage(q));
    route(app, api.repairRecordAdd, (b, { user }) => records.addRepair(b, user));
    route(app, api.repairRecordUpdate, (b, { user }) => records.updateRepair(b, user));
    route(app, api.repairRecordDelete, (b) => records.removeRepair(b));
    route(app, api.repairRecordExport, (b, { lang }) => records.exportRepairs(b, lang));
  };
