/** The device module's public face: what other modules may use. */

export { deviceApi } from './device.module';
export { deviceRoutes } from './device.routes';
export { DeviceService } from './device.service';
export type { StationRow } from './device-access';
export { assertDeviceInScope } from './device-access';
export { rotateDeviceSecret, secretMatches } from './device-secret';
export { pointData, pointInfo, typeName, virtualDevice, virtualPoint } from './device-view';
export { type FirmwareDevice, firmwareCandidates, firmwareDevices, firmwareModels, recordFirmware } from './firmware';
export { localName, rowName, stateLabels, stateText } from './local-name';
export { epochOf, intArray, queryRows, tstz } from './query-rows';
export type { LoadedDevice, PointRow, Sample } from './station-devices';
export { latestOf, loadStationDevices, pointSample, pointValue } from './station-devices';
