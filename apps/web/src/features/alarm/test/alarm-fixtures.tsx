import type { AlarmListRow } from '@ess/contract';

export { renderWithClient, sessionHandlers, userWith } from '@/test/session-fixtures';

/** An over-temperature alarm of station 5, raised at 08:0`id` UTC (16:0`id` in Shanghai), no work order. */
export const alarmEvent = (id: number, over: Partial<AlarmListRow> = {}): AlarmListRow => ({
  id,
  stationId: 5,
  stationName: 'Station 5',
  deviceId: 40 + id,
  deviceName: `BMS ${id}`,
  deviceType: 'bms',
  kind: 'rule',
  definitionId: 3,
  pointCode: 'cellTmax',
  pointName: 'Max cell temperature',
  value: 56 + id,
  limit: 55,
  level: 1,
  content: `BMS ${id} max cell temperature ${56 + id} > 55`,
  raisedAt: Date.UTC(2026, 10, 25, 8, id),
  recoveredAt: null,
  confirmed: false,
  confirmer: null,
  confirmedAt: null,
  remark: null,
  workOrder: null,
  ...over,
});
