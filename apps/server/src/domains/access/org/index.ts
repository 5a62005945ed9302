/** The org module's public face: what other modules may use. */
export { phoneError, sqlState } from './field-errors';
export { orgApi } from './org.module';
export { orgRoutes } from './org.routes';
export { OrgService } from './org.service';
