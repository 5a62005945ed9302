import type { ApiModule } from '../../../kernel/api-module';
import { sequenceModule } from './sequence.wiring';

/** The sequence module's calls, wired from the platform's shared parts. */
export const sequenceApi: ApiModule = ({ db, auth, bus, commands }) => sequenceModule({ db, auth, bus, commands });
