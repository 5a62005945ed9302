export * from './weather/weather-model';
