import { type Endpoint, planCurveApi } from '@ess/contract';

/** What a template write changes: the list, its detail (the delivery page's preview and version). */
export const PLAN_CURVE_WRITES: readonly Endpoint[] = [planCurveApi.page, planCurveApi.detail];
