import type { ApiModule } from '../../../kernel/api-module';
import { planCurveRoutes } from './plan-curve.routes';

/** The plan-curve module's calls, wired from the platform's shared parts. */
export const planCurveApi: ApiModule = ({ db, commands, auth, bus, env }) =>
  planCurveRoutes({
    db,
    commands,
    auth,
    bus,
    deviation: { pct: env.DISPATCH_DEVIATION_PCT, minutes: env.DISPATCH_DEVIATION_MINUTES },
  });
