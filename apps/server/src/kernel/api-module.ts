import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import type { AuthService } from '../domains/access/auth';
import type { CommandService } from '../domains/control/command';
import type { PlatformState } from '../domains/platform/platform';
import type { TelemetryRuntime } from '../domains/telemetry/telemetry';
import type { Env } from '../env';
import type { TelemetryBus } from './telemetry-bus';

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
