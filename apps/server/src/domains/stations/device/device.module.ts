import type { ApiModule } from '../../../kernel/api-module';
import { deviceRoutes } from './device.routes';
import { DeviceService } from './device.service';
import { recordFirmware } from './firmware';

/** The device module's calls, wired from the platform's shared parts; it keeps the firmware devices report. */
export const deviceApi: ApiModule =
  ({ db, bus }) =>
  async (app) => {
    const off = bus.on('deviceFirmware', ({ deviceId, version }) => {
      recordFirmware(db, deviceId, version).catch((err: unknown) =>
        app.log.warn({ err, deviceId }, 'device firmware version not stored'),
      );
    });
    app.addHook('onClose', async () => off());
    await app.register(deviceRoutes(new DeviceService(db, bus)));
  };
