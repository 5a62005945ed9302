/** The point module's public face: what other modules may use. */

export { quarterBuckets } from './curve.repository';
export { QUARTER_MS } from './curve-plan';
export { pointApi } from './point.module';
export { pointsByCodes } from './point.repository';
export { pointRoutes } from './point.routes';
export { PointService } from './point.service';
export type { CurvePoint } from './point-curve.service';
export { PointCurveService } from './point-curve.service';
