import type { ApiModule } from '../../../kernel/api-module';
import { dictRoutes } from './dict.routes';
import { DictService } from './dict.service';
import { DictAdminService } from './dict-admin.service';

/** The dict module's calls, wired from the platform's shared parts. */
export const dictApi: ApiModule = ({ db }) => dictRoutes(new DictService(db), new DictAdminService(db));
