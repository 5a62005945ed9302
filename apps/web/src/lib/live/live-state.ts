import type { DeviceStatus, LiveServerMessage, LiveValues, PointData, StationSummary } from '@ess/contract';

/** What the live screens read: the station totals, latest values and status by device id. */
export type StationLiveState = {
  stationId: number | null;
  summary: StationSummary | null;
  devices: Record<number, LiveValues>;
  deviceStatus: Record<number, DeviceStatus>;
};

export const emptyLiveState = (stationId: number | null): StationLiveState => ({
  stationId,
  summary: null,
  devices: {},
  deviceStatus: {},
});

/** Values by code, newest sample per code winning. */
export function mergeValues(old: LiveValues | undefined, next: LiveValues): LiveValues {
  const out: LiveValues = { ...old };
  for (const [code, v] of Object.entries(next)) {
    const prev = out[code];
    if (!prev || v.ts >= prev.ts) out[code] = v;
  }
  return out;
}

const newerSummary = (a: StationSummary | null, b: StationSummary): StationSummary =>
  a && (a.ts ?? 0) > (b.ts ?? 0) ? a : b;

/** Folds a socket message of the followed station into the state. */
export function applyLiveMessage(state: StationLiveState, msg: LiveServerMessage): StationLiveState {
  switch (msg.type) {
    case 'snapshot':
      if (msg.stationId !== state.stationId) return state;
      return {
        stationId: state.stationId,
        summary: newerSummary(state.summary, msg.summary),
        devices: Object.fromEntries(
          msg.devices.map((d) => [d.deviceId, mergeValues(state.devices[d.deviceId], d.values)]),
        ),
        deviceStatus: Object.fromEntries(msg.devices.map((d) => [d.deviceId, d.status])),
      };
    case 'latest':
      if (msg.stationId !== state.stationId) return state;
      return {
        ...state,
        devices: { ...state.devices, [msg.deviceId]: mergeValues(state.devices[msg.deviceId], msg.values) },
      };
    case 'deviceStatus':
      if (msg.stationId !== state.stationId) return state;
      return { ...state, deviceStatus: { ...state.deviceStatus, [msg.deviceId]: msg.online ? 'online' : 'offline' } };
    case 'summary':
      if (msg.stationId !== state.stationId) return state;
      return { ...state, summary: newerSummary(state.summary, msg.summary) };
    case 'revoked':
      // The user may no longer see this station: what was shown of it goes too.
      return msg.stationId === state.stationId ? emptyLiveState(state.stationId) : state;
    default:
      return state;
  }
}

/** Folds polled answers (energy flow, a device's point values) into the state. */
export function applyPolled(
  state: StationLiveState,
  summary: StationSummary | undefined,
  points: { deviceId: number; rows: PointData[] }[],
): StationLiveState {
  let next =
    summary && summary.stationId === state.stationId
      ? { ...state, summary: newerSummary(state.summary, summary) }
      : state;
  for (const { deviceId, rows } of points) {
    const values: LiveValues = {};
    for (const r of rows) if (r.value !== null && r.ts !== null) values[r.code] = { value: r.value, ts: r.ts };
    next = { ...next, devices: { ...next.devices, [deviceId]: mergeValues(next.devices[deviceId], values) } };
  }
  return next;
}
