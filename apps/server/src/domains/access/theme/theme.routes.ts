import { themeApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { ThemeService } from './theme.service';

export const themeRoutes =
  (themes: ThemeService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, themeApi.sysTheme, () => themes.systemTheme());
    route(app, themeApi.userTheme, ({ id }, { user }) => themes.userTheme(user, id));
    route(app, themeApi.addUserTheme, (body, { user }) => themes.saveOwnTheme(user, body));
  };
