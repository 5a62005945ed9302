import { alarmApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { route } from '../../../lib/endpoint-route';
import { PointCurveService } from '../../stations/point';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import { AlarmConfigService } from './alarm-config.service';
import { AlarmDefinitionService } from './alarm-definition.service';
import { AlarmEngine } from './alarm-engine';
import { AlarmEventService } from './alarm-event.service';
import { seedAlarmDefaults, syncSeededDefinitionNames } from './alarm-seed';

export type AlarmDeps = { db: Db; bus: TelemetryBus; telemetry: TelemetryRuntime | null };

/**
 * The alarm centre: its calls, and the engine on the telemetry pipeline (started when the app is
 * ready, after the pipeline; none with TELEMETRY=off, when nothing is ingested).
 */
export const alarmRoutes =
  ({ db, bus, telemetry }: AlarmDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const engine = telemetry
      ? new AlarmEngine({ db, bus, log: app.log, snapshot: () => telemetry.registry.snapshot })
      : null;
    const rulesChanged = () => engine?.rebuild() ?? Promise.resolve();
    const events = new AlarmEventService(db, bus, new PointCurveService(db));
    const definitions = new AlarmDefinitionService(db, rulesChanged);
    const config = new AlarmConfigService(db, rulesChanged);

    app.addHook('onReady', async () => {
      await seedAlarmDefaults(db);
      await syncSeededDefinitionNames(db);
      if (!engine || !telemetry) return;
      await engine.start();
      // New or changed devices get their rules.
      telemetry.registry.onReload(() => {
        engine.rebuild().catch((err: unknown) => app.log.warn({ err }, 'alarm rules not rebuilt'));
      });
    });
    app.addHook('onClose', async () => {
      await engine?.close();
    });

    route(app, alarmApi.alarmCount, ({ stationId }) => events.count(stationId));
    route(app, alarmApi.alarmRealtimePage, (b, { lang }) => events.realtime(b, lang));
    route(app, alarmApi.alarmHistoryPage, (b, { lang }) => events.history(b, lang));
    route(app, alarmApi.alarmHistoryExport, (b, { lang }) => events.export(b, lang));
    route(app, alarmApi.alarmEventDetail, ({ id }, { user, lang }) => events.detail(user, id, lang));
    route(app, alarmApi.alarmConfirm, (b, { user }) => events.confirm(user, b));
    route(app, alarmApi.alarmDefinitionPage, (b, { user, lang }) => definitions.page(user, b, lang));
    route(app, alarmApi.alarmDefinitionDetail, ({ id }, { user, lang }) => definitions.detail(user, id, lang));
    route(app, alarmApi.alarmDefinitionAdd, (b, { user }) => definitions.add(user, b));
    route(app, alarmApi.alarmDefinitionUpdate, (b, { user, lang }) => definitions.update(user, b, lang));
    route(app, alarmApi.alarmDefinitionDelete, ({ ids }, { user }) => definitions.remove(user, ids));
    route(app, alarmApi.alarmGroupConfigSave, (b, { user }) => definitions.saveGroup(user, b));
    route(app, alarmApi.alarmStationRules, ({ stationId }, { lang }) => config.stationRules(stationId, lang));
    route(app, alarmApi.alarmStationOverrideSave, (b) => config.save(b));
    route(app, alarmApi.alarmStationOverrideDelete, ({ stationId, definitionId }) =>
      config.remove(stationId, definitionId),
    );
  };
