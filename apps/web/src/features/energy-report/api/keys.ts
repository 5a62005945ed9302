/** Query keys of the charge-discharge data and earnings screens; invalidate through these, never inline arrays. */
export const energyReportKeys = {
  all: ['energyReport'] as const,
  income: (stationId: number, from: string, to: string) =>
    [...energyReportKeys.all, 'income', stationId, from, to] as const,
};
