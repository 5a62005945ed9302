import type { ApiModule } from '../../../kernel/api-module';
import { controlRoutes } from './control.routes';
import { ControlService } from './control.service';

/** The control module's calls, wired from the platform's shared parts. */
export const controlApi: ApiModule = ({ db, telemetry, commands, auth }) =>
  controlRoutes(new ControlService(db, commands, auth, telemetry));
