/** The weather module's public face: what other modules may use. */

export { weatherApi } from './weather.module';
export { weatherRoutes } from './weather.routes';
export { WeatherService } from './weather.service';
export type { WeatherProvider } from './weather-provider';
export { createWeatherProvider } from './weather-provider';
