import { addUserThemeBody, userIdParams, userThemeResult } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { ThemeService } from './theme.service';

const tags = ['theme'];

export const themeRoutes =
  (themes: ThemeService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/user/getSysTheme',
      { schema: { tags, summary: 'The system default theme (userId 0)', response: replies(userThemeResult) } },
      async (req) => ok(req.lang, await themes.systemTheme()),
    );

    app.get(
      '/sys/user/getUserTheme/:id',
      {
        schema: {
          tags,
          summary: "A user's theme, or the system default; own theme or admin only",
          params: userIdParams,
          response: replies(userThemeResult),
        },
      },
      async (req) => ok(req.lang, await themes.userTheme(callerOf(req), req.params.id)),
    );

    app.post(
      '/sys/user/addUserTheme',
      {
        // A personal preference, so read-only managers may save theirs; the shared demo account may not.
        config: { access: { refuseDemo: true } },
        schema: {
          tags,
          summary: "Save the caller's theme",
          body: addUserThemeBody,
          response: replies(userThemeResult),
        },
      },
      async (req) => ok(req.lang, await themes.saveOwnTheme(callerOf(req), req.body)),
    );
  };
