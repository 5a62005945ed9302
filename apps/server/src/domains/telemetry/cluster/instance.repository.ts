import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysInstances } from '../../../db/cluster-schema';

/** What an instance says of itself. */
export type InstanceSelf = { id: string; host: string; pid: number; connections: number };

/** A stopped instance whose sessions this one is to serve. */
export type StoppedInstance = { id: string; connections: number; silentS: number };

/** `beat_time` older than `staleS` seconds, by the database's clock. */
const stale = (staleS: number) => sql`${sysInstances.beatTime} < now() - make_interval(secs => ${staleS})`;

/**
 * Beats and claims are re-made every second and worth nothing after a database crash: they do
 * not wait for the WAL flush, so a disk slowed by the ingest's commits does not make a live
 * instance look stopped or delay a takeover.
 */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function unflushed<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    return work(tx);
  });
}

/**
 * Registers (or re-registers, after a restart) this instance with a fresh beat; its sessions are
 * its own again. Answers the row it replaced when that one still beat from another process: two
 * live instances with one MQTT_CLIENT_ID would take each other's sessions.
 */
export async function registerInstance(
  db: Db,
  self: InstanceSelf,
  staleS: number,
): Promise<{ host: string; pid: number } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ host: sysInstances.host, pid: sysInstances.pid, live: sql<boolean>`NOT (${stale(staleS)})` })
      .from(sysInstances)
      .where(eq(sysInstances.id, self.id))
      .for('update');
    const row = { ...self, startTime: sql`now()`, beatTime: sql`now()`, adoptedBy: null, adoptedTime: null };
    await tx
      .insert(sysInstances)
      .values({ ...row, ackedMessages: 0, adoptedMessages: 0 })
      .onConflictDoUpdate({ target: sysInstances.id, set: { ...row, ackedMessages: 0, adoptedMessages: 0 } });
    return before?.live && (before.host !== self.host || before.pid !== self.pid)
      ? { host: before.host, pid: before.pid }
      : null;
  });
}

/** This instance's sign of life, with its counters; an adoption of it ends (it is back). False if its row is gone. */
export async function beatInstance(db: Db, id: string, acked: { own: number; adopted: number }): Promise<boolean> {
  const rows = await unflushed(db, (tx) =>
    tx
      .update(sysInstances)
      .set({
        beatTime: sql`now()`,
        adoptedBy: null,
        adoptedTime: null,
        ackedMessages: acked.own,
        adoptedMessages: acked.adopted,
      })
      .where(eq(sysInstances.id, id))
      .returning({ id: sysInstances.id }),
  );
  return rows.length > 0;
}

/**
 * Claims the stopped instances nobody live serves: not beating for `staleS`, and not adopted, or
 * adopted by an instance that stopped too. A conditional update, so of several live instances
 * one claims each. Then answers every stopped instance this one holds (claimed now or before).
 */
export async function claimStopped(db: Db, me: string, staleS: number): Promise<StoppedInstance[]> {
  await unflushed(db, (tx) =>
    tx.execute(sql`
    UPDATE sys_instance t SET adopted_by = ${me}, adopted_time = now()
    WHERE t.id <> ${me}
      AND t.beat_time < now() - make_interval(secs => ${staleS})
      AND (t.adopted_by IS NULL OR NOT EXISTS (
        SELECT 1 FROM sys_instance a
        WHERE a.id = t.adopted_by AND a.beat_time >= now() - make_interval(secs => ${staleS})))`),
  );
  return db
    .select({
      id: sysInstances.id,
      connections: sysInstances.connections,
      silentS: sql<number>`extract(epoch FROM now() - ${sysInstances.beatTime})::float8`,
    })
    .from(sysInstances)
    .where(and(eq(sysInstances.adoptedBy, me), stale(staleS)));
}

/** Forgets a stopped instance whose sessions had expired on the broker (nothing of it is left to serve). */
export async function forgetInstance(db: Db, id: string, me: string, staleS: number): Promise<void> {
  await db.delete(sysInstances).where(and(eq(sysInstances.id, id), eq(sysInstances.adoptedBy, me), stale(staleS)));
}
