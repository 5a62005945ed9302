import { carbonApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessWarning } from '../../../lib/app-error';
import { route } from '../../../lib/endpoint-route';
import type { CarbonService } from './carbon.service';
import { carbonEmpty, carbonFileName, carbonSheets } from './carbon-sheets';

export const carbonRoutes =
  (carbon: CarbonService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, carbonApi.carbonFigures, (b, { user, lang }) => carbon.figures(user, b, lang));
    route(app, carbonApi.carbonExport, async ({ format, ...range }, { user, lang }) => {
      const result = await carbon.figures(user, range, lang);
      if (carbonEmpty(result)) throw businessWarning('exportNoData');
      return { format, name: carbonFileName(range.from, range.to), sheets: carbonSheets(result, range, lang) };
    });
    route(app, carbonApi.carbonFactorPage, (b, { lang }) => carbon.factorPage(b, lang));
    route(app, carbonApi.carbonFactorAdd, (b, { lang }) => carbon.addFactor(b, lang));
    route(app, carbonApi.carbonFactorUpdate, (b, { lang }) => carbon.updateFactor(b, lang));
    route(app, carbonApi.carbonFactorDelete, (b) => carbon.deleteFactor(b.id));
  };
