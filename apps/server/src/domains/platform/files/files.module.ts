import type { ApiModule } from '../../../kernel/api-module';
import { filesRoutes } from './files.routes';
import { FileService } from './files.service';

/** The file store's calls, wired from the platform's shared parts. */
export const filesApi: ApiModule = (deps) => filesRoutes(FileService.from(deps));
