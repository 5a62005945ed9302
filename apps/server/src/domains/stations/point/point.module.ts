import type { ApiModule } from '../../../kernel/api-module';
import { pointRoutes } from './point.routes';
import { PointService } from './point.service';
import { PointCurveService } from './point-curve.service';

/** The point module's calls, wired from the platform's shared parts. */
export const pointApi: ApiModule = ({ db, telemetry }) =>
  pointRoutes(new PointService(db, telemetry?.latest), new PointCurveService(db));
