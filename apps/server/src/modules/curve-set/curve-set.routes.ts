import {
  curveExportBody,
  curveSet,
  curveSetAddBody,
  curveSetDeleteBody,
  curveSetPage,
  curveSetPageBody,
  errorEnvelope,
} from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExport } from '../../lib/export-file';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { CurveExportService } from './curve-export.service';
import type { CurveSetService } from './curve-set.service';

const tags = ['history curves'];
// A personal preference, like a theme: read-only managers keep their own sets; the shared demo account may not.
const personal = { access: { refuseDemo: true } };

/** Saved curve sets (spec 7 `hisCurveRelate`) and the history-curve export. */
export const curveSetRoutes =
  (sets: CurveSetService, exports: CurveExportService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/business/hisCurveRelate/add',
      {
        config: personal,
        schema: {
          tags,
          summary: "Save a named set of indicators of a station for the caller (with id: replace the caller's set)",
          body: curveSetAddBody,
          response: { ...replies(curveSet), 409: errorEnvelope },
        },
      },
      async (req) => ok(req.lang, await sets.add(callerOf(req), req.body, req.lang)),
    );

    app.post(
      '/business/hisCurveRelate/pageSelectAll',
      {
        schema: {
          tags,
          summary: "The caller's curve sets of a station, newest change first, items with today's names",
          body: curveSetPageBody,
          response: replies(curveSetPage),
        },
      },
      async (req) => ok(req.lang, await sets.page(callerOf(req), req.body, req.lang)),
    );

    app.post(
      '/business/hisCurveRelate/delete',
      {
        config: personal,
        schema: {
          tags,
          summary: "Delete one of the caller's curve sets",
          body: curveSetDeleteBody,
          response: replies(z.null()),
        },
      },
      async (req) => ok(req.lang, await sets.remove(callerOf(req), req.body.id)),
    );

    app.post(
      '/business/point/pointCurveExport',
      {
        config: { access: { perms: ['surveillance:history:export'] } },
        schema: {
          tags,
          summary: 'History curves as CSV or Excel, at the resolution the chart reads (≤ 1000 buckets per series)',
          body: curveExportBody,
        },
      },
      async (req, reply) => {
        const file = await exports.build(callerOf(req), req.body, req.lang);
        return sendExport(reply, req.body.format, file.name, file.sheets);
      },
    );
  };
