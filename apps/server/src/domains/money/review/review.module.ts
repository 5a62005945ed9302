import type { ApiModule } from '../../../kernel/api-module';
import { EnergyService } from '../../monitoring/energy';
import { reviewRoutes } from './review.routes';
import { ReviewService } from './review.service';

/** The run-review module's calls, wired from the platform's shared parts. */
export const reviewApi: ApiModule = ({ db, env }) =>
  reviewRoutes(new ReviewService(db, new EnergyService(db), env.DISPATCH_DEVIATION_PCT));
