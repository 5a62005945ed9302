import type { ApiModule } from '../../../kernel/api-module';
import { deviceRoutes } from './device.routes';
import { DeviceService } from './device.service';

/** The device module's calls, wired from the platform's shared parts. */
export const deviceApi: ApiModule = ({ db, bus }) => deviceRoutes(new DeviceService(db, bus));
