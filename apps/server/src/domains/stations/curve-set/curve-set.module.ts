import type { ApiModule } from '../../../kernel/api-module';
import { PointCurveService } from '../point';
import { CurveExportService } from './curve-export.service';
import { curveSetRoutes } from './curve-set.routes';
import { CurveSetService } from './curve-set.service';

/** The curve-set module's calls, wired from the platform's shared parts. */
export const curveSetApi: ApiModule = ({ db }) =>
  curveSetRoutes(new CurveSetService(db), new CurveExportService(db, new PointCurveService(db)));
