import type { ApiModule } from '../../../kernel/api-module';
import { deviceBaseUrl } from '../../../kernel/device-url';
import { FileService } from '../../platform/files';
import { remoteFileRoutes } from './remote-file.routes';
import { RemoteFileService } from './remote-file.service';

/** Remote files and their transfers to and from devices, wired from the platform's shared parts. */
export const remoteFileApi: ApiModule =
  ({ db, env, bus, commands }) =>
  async (app) => {
    const service = new RemoteFileService({
      db,
      files: FileService.from({ env, db }),
      commands,
      bus,
      baseUrl: deviceBaseUrl(env, app),
    });
    const off = service.listen((err) => app.log.warn({ err }, 'device checksum of a pushed file not stored'));
    app.addHook('onClose', async () => off());
    await app.register(remoteFileRoutes(service));
  };
