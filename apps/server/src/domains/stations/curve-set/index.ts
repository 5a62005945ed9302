/** The curve-set module's public face: what other modules may use. */
export { CurveExportService } from './curve-export.service';
export { curveSetApi } from './curve-set.module';
export { curveSetRoutes } from './curve-set.routes';
export { CurveSetService } from './curve-set.service';
