import { subscriptionApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { SubscriptionService } from './subscription.service';

/** The caller's report subscriptions; the sender runs with the server. */
export const subscriptionRoutes =
  (subscriptions: SubscriptionService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, subscriptionApi.subscriptionList, (_b, { user }) => subscriptions.list(user));
    route(app, subscriptionApi.subscriptionAdd, (b, { user }) => subscriptions.add(user, b));
    route(app, subscriptionApi.subscriptionUpdate, (b, { user }) => subscriptions.update(user, b));
    route(app, subscriptionApi.subscriptionDelete, ({ id }, { user }) => subscriptions.remove(user, id));
    route(app, subscriptionApi.subscriptionSend, ({ id }, { user }) => subscriptions.sendNow(user, id));
    app.addHook('onReady', async () =>
      subscriptions.start((err) => app.log.warn({ err }, 'report subscriptions run failed')),
    );
    app.addHook('onClose', async () => subscriptions.stop());
  };
