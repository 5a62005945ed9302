import type { ApiModule } from '../../../kernel/api-module';
import { themeRoutes } from './theme.routes';
import { ThemeService } from './theme.service';

/** The theme module's calls, wired from the platform's shared parts. */
export const themeApi: ApiModule = ({ db }) => themeRoutes(new ThemeService(db));
