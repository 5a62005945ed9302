export { StationPicker, type StationPickerProps } from './station-picker';
