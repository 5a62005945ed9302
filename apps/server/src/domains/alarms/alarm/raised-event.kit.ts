import type { RaisedEvent } from './alarm-store.repository';

/**
 * A rule alarm as the engine would raise it, for tests that store one with `insertRaised`: the
 * station, key and text they care about, everything else a plain level-1 rule alarm now.
 */
export const raisedEvent = (
  fields: Pick<RaisedEvent, 'key' | 'stationId' | 'content'> & Partial<RaisedEvent>,
): RaisedEvent => ({
  deviceId: null,
  deviceType: null,
  kind: 'rule',
  definitionId: null,
  pointCode: null,
  value: null,
  limit: null,
  level: 1,
  raisedAt: Date.now(),
  ...fields,
});
