/** The theme module's public face: what other modules may use. */

export { themeApi } from './theme.module';
export { themeRoutes } from './theme.routes';
export { ThemeService } from './theme.service';
