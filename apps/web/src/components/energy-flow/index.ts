export { EnergyFlow } from './energy-flow';
export { hasFlowData, type StorageState, storageStateOf } from './flow-model';
