import type { ApiModule } from '../../../kernel/api-module';
import { FileService } from '../../platform/files';
import { recordsRoutes } from './records.routes';
import { RecordService } from './records.service';

/** The inspection and repair records' calls, wired from the platform's shared parts. */
export const recordsApi: ApiModule = (deps) => recordsRoutes(new RecordService(deps.db, FileService.from(deps)));
