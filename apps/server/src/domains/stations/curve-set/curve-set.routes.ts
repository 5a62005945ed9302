import { curveSetApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { CurveExportService } from './curve-export.service';
import type { CurveSetService } from './curve-set.service';

/** Saved curve sets (spec 7 `hisCurveRelate`) and the history-curve export. */
export const curveSetRoutes =
  (sets: CurveSetService, exports: CurveExportService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, curveSetApi.curveSetAdd, (body, { user, lang }) => sets.add(user, body, lang));
    route(app, curveSetApi.curveSetPage, (body, { user, lang }) => sets.page(user, body, lang));
    route(app, curveSetApi.curveSetDelete, ({ id }, { user }) => sets.remove(user, id));
    route(app, curveSetApi.pointCurveExport, async (body, { user, lang }) => ({
      format: body.format,
      ...(await exports.build(user, body, lang)),
    }));
  };
