/** The run-review module's public face: what other modules may use. */

export { reviewApi } from './review.module';
export { reviewRoutes } from './review.routes';
export { ReviewService } from './review.service';
