export { type MapTone, StationMap } from './station-map';
