import type { ApiModule } from '../../../kernel/api-module';
import { automationRoutes } from './automation.routes';

/** The automation module's calls (alarm rules, schedules), wired from the platform's shared parts. */
export const automationApi: ApiModule = ({ db }) => automationRoutes(db);
