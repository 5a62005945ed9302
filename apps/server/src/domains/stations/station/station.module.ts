import type { ApiModule } from '../../../kernel/api-module';
import { stationRoutes } from './station.routes';
import { StationService } from './station.service';
import { StationDirectory } from './station-directory';

/** The station module's calls, wired from the platform's shared parts. */
export const stationApi: ApiModule = ({ db, bus }) => stationRoutes(new StationService(new StationDirectory(db, bus)));
