import type { ApiModule } from '../../../kernel/api-module';
import { strategyModule } from './strategy.wiring';

/** The strategy module's calls, wired from the platform's shared parts. */
export const strategyApi: ApiModule = ({ db, env, auth, commands }) => strategyModule({ db, env, auth, commands });
