import type { ApiModule } from '../../../kernel/api-module';
import { offsetRoutes } from './offset.routes';
import { OffsetService } from './offset.service';

/** The offset module's calls, wired from the platform's shared parts. */
export const offsetApi: ApiModule = ({ db, bus, telemetry }) =>
  offsetRoutes(
    new OffsetService(db, async (stationId) => {
      // Other instances hear it through the cluster relay; this one reloads before answering.
      bus.emit('devicesChanged', { stationId });
      await telemetry?.registry.reload();
    }),
  );
