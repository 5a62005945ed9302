import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import type { Env } from '../../../env';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { MessageService } from '../message';
import { raisedAlarms } from './notify.repository';
import { notifyRoutes } from './notify.routes';
import { NotifyService } from './notify.service';
import { channelsFromEnv, type InAppSink, type NotifyChannels } from './notify-channels';
import { NotifyEngine } from './notify-engine';
import { messageInAppSink } from './notify-inapp';

/** The input port other modules call (the alarm engine through `wireNotifyToAlarms`). */
export type NotifyPort = Pick<NotifyEngine, 'onAlarmRaised' | 'onAlarmsConfirmed' | 'onAlarmRecovered'>;

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Feeds the alarm engine's changes (the bus's `alarm` event: raised, recovered, confirmed with
 * event ids) into the notification port. Returns the unsubscribe function.
 */
export function wireNotifyToAlarms(db: Db, bus: TelemetryBus, port: NotifyPort, log: Log): () => void {
  return bus.on('alarm', ({ change, eventIds }) => {
    const work =
      change === 'raised'
        ? raisedAlarms(db, eventIds).then((events) => port.onAlarmRaised(events))
        : change === 'confirmed'
          ? port.onAlarmsConfirmed(eventIds)
          : port.onAlarmRecovered(eventIds);
    work.catch((err: unknown) =>
      log.warn({ err, change, events: eventIds.length }, 'alarm notification not scheduled'),
    );
  });
}

export type NotifyModuleOptions = {
  db: Db;
  env: Env;
  bus: TelemetryBus;
  /** Channels instead of the environment's (tests). */
  channels?: NotifyChannels;
  inApp?: InAppSink;
  now?: () => number;
};

/**
 * The notification module: routes, the engine wired to the alarm bus, and its timer loop
 * (every NOTIFY_TICK_SECONDS), stopped with the app.
 */
export function notifyModule(o: NotifyModuleOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const channels = o.channels ?? channelsFromEnv(o.env, o.inApp ?? inAppMessages(o.db, o.bus));
    const engine = new NotifyEngine({ db: o.db, channels, log: app.log, now: o.now });
    const service = new NotifyService(o.db, engine);
    await app.register(notifyRoutes(service, engine));
    const off = wireNotifyToAlarms(o.db, o.bus, engine, app.log);
    app.addHook('onReady', async () => engine.start(o.env.NOTIFY_TICK_SECONDS * 1000));
    app.addHook('onClose', async () => {
      off();
      await engine.close();
      for (const c of Object.values(channels)) await c.close?.();
    });
  };
}

/** In-app notices through the messages module, whose bus event tells the recipients' bells at once. */
function inAppMessages(db: Db, bus: TelemetryBus): InAppSink {
  return messageInAppSink(new MessageService(db, Date.now, (change) => bus.emit('messages', change)));
}
