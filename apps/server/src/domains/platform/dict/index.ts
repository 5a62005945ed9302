/** The dict module's public face: what other modules may use. */

export { dictApi } from './dict.module';
export { dictRoutes } from './dict.routes';
export { DictService } from './dict.service';
export { DictAdminService } from './dict-admin.service';
