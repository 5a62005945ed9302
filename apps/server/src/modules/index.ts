import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { alarmRoutes } from './alarm/alarm.routes';
import { authRoutes } from './auth/auth.routes';
import type { AuthService } from './auth/auth.service';
import type { CommandService } from './command/command.service';
import { controlRoutes } from './control/control.routes';
import { ControlService } from './control/control.service';
import { CurveExportService } from './curve-set/curve-export.service';
import { curveSetRoutes } from './curve-set/curve-set.routes';
import { CurveSetService } from './curve-set/curve-set.service';
import { deviceRoutes } from './device/device.routes';
import { DeviceService } from './device/device.service';
import { dictRoutes } from './dict/dict.routes';
import { DictService } from './dict/dict.service';
import { DictAdminService } from './dict/dict-admin.service';
import { dynamicConfigRoutes } from './dynamic-config/dynamic-config.routes';
import { DynamicConfigService } from './dynamic-config/dynamic-config.service';
import { EnergyService } from './energy/energy.service';
import { energyReportRoutes } from './energy-report/energy-report.routes';
import { EnergyReportService } from './energy-report/energy-report.service';
import { equipmentModule } from './equipment';
import { homeConfigRoutes } from './home-config/home-config.routes';
import { HomeConfigService } from './home-config/home-config.service';
import { liveRoutes } from './live/live.routes';
import { LiveHub } from './live/live-hub';
import { logsRoutes } from './logs/logs.routes';
import { LogsService } from './logs/logs.service';
import { menuRoutes } from './menu/menu.routes';
import { MenuService } from './menu/menu.service';
import { menuAdminRoutes } from './menu/menu-admin.routes';
import { MenuAdminService } from './menu/menu-admin.service';
import { messageRoutes } from './message/message.routes';
import { meterRoleRoutes } from './meter-role/meter-role.routes';
import { MeterRoleService } from './meter-role/meter-role.service';
import { DeviceBlocksService } from './monitoring/device-blocks.service';
import { IncomeService } from './monitoring/income.service';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { SUMMARY_SHARE_MS } from './monitoring/shared-result';
import { SiteOverviewService } from './monitoring/site-overview.service';
import { StationCurveService } from './monitoring/station-curve.service';
import { StationKpiService } from './monitoring/station-kpi.service';
import { notifyModule } from './notify';
import { offsetRoutes } from './offset/offset.routes';
import { OffsetService } from './offset/offset.service';
import { orgRoutes } from './org/org.routes';
import { OrgService } from './org/org.service';
import { planCurveRoutes } from './plan-curve/plan-curve.routes';
import { platformRoutes } from './platform/platform.routes';
import type { PlatformState } from './platform/platform-state';
import { pointRoutes } from './point/point.routes';
import { PointService } from './point/point.service';
import { PointCurveService } from './point/point-curve.service';
import { postRoutes } from './post/post.routes';
import { PostService } from './post/post.service';
import { rateRoutes } from './rate/rate.routes';
import { RateService } from './rate/rate.service';
import { reportRoutes } from './report/report.routes';
import { ReportService } from './report/report.service';
import { roleRoutes } from './role/role.routes';
import { RoleService } from './role/role.service';
import { sequenceModule } from './sequence';
import { siteSyncRoutes } from './site-sync/site-sync.routes';
import { stationRoutes } from './station/station.routes';
import { StationService } from './station/station.service';
import { stationAdminRoutes } from './station/station-admin.routes';
import { StationAdminService } from './station/station-admin.service';
import { StationDirectory } from './station/station-directory';
import { stationRoleRoutes } from './station-role/station-role.routes';
import { StationRoleService } from './station-role/station-role.service';
import { strategyModule } from './strategy';
import type { TelemetryBus } from './telemetry/telemetry-bus';
import type { TelemetryRuntime } from './telemetry/telemetry-runtime';
import { themeRoutes } from './theme/theme.routes';
import { ThemeService } from './theme/theme.service';
import { topologyJumpRoutes } from './topology-jump/topology-jump.routes';
import { TopologyJumpService } from './topology-jump/topology-jump.service';
import { userRoutes } from './user/user.routes';
import { UserService } from './user/user.service';
import { userAdminRoutes } from './user/user-admin.routes';
import { UserAdminService } from './user/user-admin.service';
import { virtualRoutes } from './virtual/virtual.routes';
import { VirtualService } from './virtual/virtual.service';
import { weatherRoutes } from './weather/weather.routes';
import { WeatherService } from './weather/weather.service';
import { createWeatherProvider } from './weather/weather-provider';

/** What every API module receives. */
export type ModuleDeps = {
  env: Env;
  db: Db;
  auth: AuthService;
  bus: TelemetryBus;
  /** Registry reload, ingest stats, commands to devices; null with TELEMETRY=off. */
  telemetry: TelemetryRuntime | null;
  /** Version, and the stations the built-in simulator feeds. */
  platform: PlatformState;
  /** The one command service of this instance: every command to a device goes through it. */
  commands: CommandService;
};
export type ApiModule = (deps: ModuleDeps) => FastifyPluginAsyncZod;

/** Every API module, mounted under /api in this order. */
export const apiModules: ApiModule[] = [
  ({ auth, env }) => authRoutes(auth, env.LOGIN_RATE_PER_MINUTE, env.VISUAL_HOST ?? null),
  ({ db }) => userRoutes(new UserService(db)),
  ({ db, auth }) =>
    userAdminRoutes(
      new UserAdminService(
        db,
        (sealed) => auth.openSecret(sealed),
        (c) => auth.sessionsChanged(c),
      ),
    ),
  ({ db, auth }) => roleRoutes(new RoleService(db, (c) => auth.sessionsChanged(c))),
  ({ db, auth }) => stationRoleRoutes(new StationRoleService(db, (c) => auth.sessionsChanged(c))),
  ({ db }) => themeRoutes(new ThemeService(db)),
  ({ db }) => menuRoutes(new MenuService(db)),
  ({ db, auth }) => menuAdminRoutes(new MenuAdminService(db, (c) => auth.sessionsChanged(c))),
  ({ db, bus }) => stationRoutes(new StationService(new StationDirectory(db, bus))),
  ({ db, bus }) => stationAdminRoutes(new StationAdminService(db, bus)),
  ({ db, auth }) => orgRoutes(new OrgService(db, (c) => auth.sessionsChanged(c))),
  ({ db }) => postRoutes(new PostService(db)),
  ({ db }) => dictRoutes(new DictService(db), new DictAdminService(db)),
  // A plugin around the routes, for the logger a weather service's failures go to.
  ({ db, env }) =>
    async (app) => {
      await app.register(weatherRoutes(new WeatherService(db, createWeatherProvider(env, app.log))));
    },
  ({ db, bus }) => deviceRoutes(new DeviceService(db, bus)),
  ({ db, telemetry }) => pointRoutes(new PointService(db, telemetry?.latest), new PointCurveService(db)),
  ({ db, bus }) => virtualRoutes(new VirtualService(db, bus)),
  ({ db, bus }) => meterRoleRoutes(new MeterRoleService(db, bus)),
  ({ db, telemetry }) => {
    const energy = new EnergyService(db);
    // Shared between callers on a running platform; without telemetry (tests, tools) computed per call.
    const shareMs = telemetry ? SUMMARY_SHARE_MS : 0;
    return monitoringRoutes({
      kpi: new StationKpiService(db, energy, shareMs),
      income: new IncomeService(db, energy),
      curves: new StationCurveService(db, new PointCurveService(db), shareMs),
      blocks: new DeviceBlocksService(db, energy, shareMs),
      sites: new SiteOverviewService(db, shareMs),
    });
  },
  ({ db, auth, bus }) => liveRoutes({ db, auth, bus, hub: new LiveHub(db, bus) }),
  ({ db }) => homeConfigRoutes(new HomeConfigService(db)),
  ({ db }) => energyReportRoutes(new EnergyReportService(db, new IncomeService(db, new EnergyService(db)))),
  ({ db }) => curveSetRoutes(new CurveSetService(db), new CurveExportService(db, new PointCurveService(db))),
  ({ db }) => dynamicConfigRoutes(new DynamicConfigService(db)),
  ({ db }) => reportRoutes(new ReportService(db, new EnergyService(db))),
  ({ db, auth }) => logsRoutes(new LogsService(db), auth),
  ({ db, bus }) => messageRoutes(db, bus),
  ({ db, env, platform }) => platformRoutes(db, platform, env.VISUAL_HOST ?? null),
  ({ db, bus, telemetry }) => alarmRoutes({ db, bus, telemetry }),
  ({ db, env, bus }) => notifyModule({ db, env, bus }),
  ({ db }) => rateRoutes(new RateService(db)),
  ({ db, bus, telemetry }) => equipmentModule({ db, bus, telemetry }),
  ({ db, bus, telemetry }) =>
    offsetRoutes(
      new OffsetService(db, async (stationId) => {
        // Other instances hear it through the cluster relay; this one reloads before answering.
        bus.emit('devicesChanged', { stationId });
        await telemetry?.registry.reload();
      }),
    ),
  ({ db }) => topologyJumpRoutes(new TopologyJumpService(db)),
  ({ db, telemetry, commands }) => siteSyncRoutes({ db, telemetry, commands }),
  ({ db, auth, bus, commands }) => sequenceModule({ db, auth, bus, commands }),
  ({ db, telemetry, commands, auth }) => controlRoutes(new ControlService(db, commands, auth, telemetry)),
  ({ db, commands, auth, bus, env }) =>
    planCurveRoutes({
      db,
      commands,
      auth,
      bus,
      deviation: { pct: env.DISPATCH_DEVIATION_PCT, minutes: env.DISPATCH_DEVIATION_MINUTES },
    }),
  ({ db, env }) => strategyModule({ db, env }),
];
