import { messageApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import type { MessagesChange, TelemetryBus } from '../../../kernel/telemetry-bus';
import { route } from '../../../lib/endpoint-route';
import { MessageService } from './message.service';
import { MessagePlayClock } from './message-play-clock';

/** Messages (spec 7 "Messages" plus the configuration calls): thin handlers over the service. */
export const messageRoutes =
  (db: Db, bus: TelemetryBus): FastifyPluginAsyncZod =>
  async (app) => {
    const changed = (c: MessagesChange) => bus.emit('messages', c);
    const messages = new MessageService(db, Date.now, changed);
    const playClock = new MessagePlayClock(db, changed);
    app.addHook('onReady', async () => playClock.start());
    app.addHook('onClose', async () => playClock.stop());
    route(app, messageApi.receivedMessages, (q, { user }) => messages.received(user, q));
    route(app, messageApi.confirmRead, (q, { user }) => messages.confirmRead(user, q));
    route(app, messageApi.messagePage, (q, { user }) => messages.page(user, q));
    route(app, messageApi.messageDetail, (q, { user }) => messages.detail(user, q.messageId));
    route(app, messageApi.messageAdd, (d, { user }) => messages.add(user, d));
    route(app, messageApi.messageModify, (d, { user }) => messages.modify(user, d));
    route(app, messageApi.messageDelete, (q, { user }) => messages.remove(user, q.messageId));
    route(app, messageApi.recipientUsers, (_, { user }) => messages.recipientUsers(user));
  };
