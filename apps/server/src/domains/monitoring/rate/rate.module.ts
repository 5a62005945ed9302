import type { ApiModule } from '../../../kernel/api-module';
import { rateRoutes } from './rate.routes';
import { RateService } from './rate.service';

/** The rate module's calls, wired from the platform's shared parts. */
export const rateApi: ApiModule = ({ db }) => rateRoutes(new RateService(db));
