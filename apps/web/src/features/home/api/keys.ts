/** Query keys of the site home page; invalidate through these, never inline arrays. */
export const homeKeys = {
  all: ['home'] as const,
  kpis: (stationId: number) => [...homeKeys.all, 'kpis', stationId] as const,
  curve: (stationId: number) => [...homeKeys.all, 'curve', stationId] as const,
  flow: (stationId: number) => [...homeKeys.all, 'flow', stationId] as const,
  storageUnits: (stationId: number) => [...homeKeys.all, 'storageUnits', stationId] as const,
  airCondition: (stationId: number) => [...homeKeys.all, 'airCondition', stationId] as const,
  pvChargers: (stationId: number) => [...homeKeys.all, 'pvChargers', stationId] as const,
  deviceStatus: (stationId: number) => [...homeKeys.all, 'deviceStatus', stationId] as const,
  config: (stationId: number) => [...homeKeys.all, 'config', stationId] as const,
};
