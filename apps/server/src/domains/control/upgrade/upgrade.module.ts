import type { ApiModule } from '../../../kernel/api-module';
import { deviceBaseUrl } from '../../../kernel/device-url';
import { FileService } from '../../platform/files';
import { FirmwareFetch } from './firmware-fetch';
import { PackageService } from './package.service';
import { TaskService } from './task.service';
import { upgradeRoutes } from './upgrade.routes';
import { WaveRunner } from './wave-runner';

/** How often the wave runner looks at open tasks (answers also wake it at once). */
const WAVE_PASS_MS = 2_000;

/** Firmware packages and upgrade tasks in waves, wired from the platform's shared parts. */
export const upgradeApi: ApiModule =
  ({ db, env, auth, bus, commands, telemetry }) =>
  async (app) => {
    const files = FileService.from({ env, db });
    const baseUrl = deviceBaseUrl(env, app);
    const runner = new WaveRunner({
      db,
      bus,
      commands,
      files,
      telemetry,
      baseUrl,
      log: app.log,
      everyMs: WAVE_PASS_MS,
    });
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
    await app.register(
      upgradeRoutes({
        packages: new PackageService(db, files),
        tasks: new TaskService({ db, auth, commands, runner, telemetry }),
        fetch: new FirmwareFetch(db, files),
      }),
    );
  };
