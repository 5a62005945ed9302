/** The plan-curve module's public face: what other modules may use. */

export { planCurveApi } from './plan-curve.module';
export { planCurveRoutes } from './plan-curve.routes';
