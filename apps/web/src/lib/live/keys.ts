/** Query keys of the live fallback polling; invalidate through these, never inline arrays. */
export const liveKeys = {
  all: ['live'] as const,
  flow: (stationId: number) => [...liveKeys.all, 'flow', stationId] as const,
  points: (deviceId: number) => [...liveKeys.all, 'points', deviceId] as const,
};
