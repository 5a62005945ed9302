import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { confirmEvents, pushChanges } from '../../alarms/alarm';

/** What a finished order tells about its alarm. */
export type FinishedAlarm = {
  alarmEventId: number | null;
  userId: number;
  userName: string;
  opinion: string;
  at: number;
};

/**
 * Issue 23 part 5: finishing an order raised from (or transferred from) an alarm confirms that
 * alarm with the order's opinion, by the finisher; an alarm confirmed before keeps its first
 * confirmation. The bells of the station follow at once (the bus's `confirmed` change).
 */
export async function confirmAlarmOfOrder(db: Db, bus: TelemetryBus, f: FinishedAlarm): Promise<void> {
  if (f.alarmEventId === null) return;
  const rows = await confirmEvents(db, [f.alarmEventId], {
    userId: f.userId,
    name: f.userName,
    remark: f.opinion,
    at: new Date(f.at),
  });
  await pushChanges(db, bus, [{ change: 'confirmed', rows }]);
}
