/** The plan-curve module's public face: what other modules may use. */

export { planRefusal, stationControls } from './plan-control.repository';
export { planCurveApi } from './plan-curve.module';
export { planCurveRoutes } from './plan-curve.routes';
export { PLAN_LANE } from './plan-delivery.service';
export { type PlanFollowing, planFollowing, recordPlanDelivery } from './plan-following';
