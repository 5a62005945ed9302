import type { ApiModule } from '../../../kernel/api-module';
import { alarmRoutes } from './alarm.routes';

/** The alarm module's calls, wired from the platform's shared parts. */
export const alarmApi: ApiModule = ({ db, bus, telemetry }) => alarmRoutes({ db, bus, telemetry });
