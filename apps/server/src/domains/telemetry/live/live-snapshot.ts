import type { Lang, LiveServerMessage, LiveValues } from '@ess/contract';
import type { Db } from '../../../db/client';
import { loadStationDevices, rowName } from '../../stations/device';
import type { LiveHub } from './live-hub';

type Snapshot = Extract<LiveServerMessage, { type: 'snapshot' }>;

/**
 * Every device of the station (real and virtual) with its status and newest values (ts_latest),
 * named in the socket's language.
 */
export async function buildSnapshot(db: Db, hub: LiveHub, stationId: number, lang: Lang): Promise<Snapshot> {
  const list = await loadStationDevices(db, stationId);
  return {
    type: 'snapshot',
    stationId,
    ts: Date.now(),
    devices: list.map((d) => {
      const values: LiveValues = {};
      for (const p of d.points) if (p.latest) values[p.code] = p.latest;
      return { deviceId: d.id, sn: d.sn, name: rowName(d, lang), type: d.type, status: d.status, values };
    }),
    summary: hub.summaryOf(stationId),
  };
}
