import { UPGRADE_OPEN_STATES, type UpgradeDeviceState, type UpgradeReason, type UpgradeTaskState } from '@ess/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { upgradeDevices, upgradePackages, upgradeTasks } from '../../../db/upgrade-schema';
import { containsPattern } from '../../../lib/like';

export type PackageRow = typeof upgradePackages.$inferSelect;
export type TaskRow = typeof upgradeTasks.$inferSelect;
export type TaskDeviceRow = typeof upgradeDevices.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function insertPackage(
  db: Db,
  row: { modelCode: string; version: string; notes: string | null; fileId: string; createdBy: number },
): Promise<number | null> {
  const [r] = await db.insert(upgradePackages).values(row).onConflictDoNothing().returning({ id: upgradePackages.id });
  return r?.id ?? null;
}

export async function findPackage(db: Db, id: number): Promise<PackageRow | null> {
  const [r] = await db.select().from(upgradePackages).where(eq(upgradePackages.id, id));
  return r ?? null;
}

export async function packageExists(db: Db, modelCode: string, version: string): Promise<boolean> {
  const [r] = await db
    .select({ id: upgradePackages.id })
    .from(upgradePackages)
    .where(and(eq(upgradePackages.modelCode, modelCode), eq(upgradePackages.version, version)));
  return r !== undefined;
}

/** Packages, newest first (or by version), with their creator and how many tasks use each. */
export async function packagePage(
  db: Db,
  q: { modelCode?: string; orderBy?: 'createdAt' | 'version'; order?: 'asc' | 'desc'; offset: number; limit: number },
) {
  const where = q.modelCode ? sql`${upgradePackages.modelCode} ILIKE ${containsPattern(q.modelCode)}` : undefined;
  const dir = q.order === 'asc' ? asc : desc;
  const order = q.orderBy === 'version' ? dir(upgradePackages.version) : dir(upgradePackages.createTime);
  const tasks = sql<number>`(SELECT count(*)::int FROM upg_task t WHERE t.package_id = ${upgradePackages.id})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ pkg: upgradePackages, tasks })
      .from(upgradePackages)
      .where(where)
      .orderBy(order, desc(upgradePackages.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(upgradePackages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function deletePackage(db: Db, id: number): Promise<void> {
  await db.delete(upgradePackages).where(eq(upgradePackages.id, id));
}

export async function tasksOfPackage(db: Db, id: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(upgradeTasks).where(eq(upgradeTasks.packageId, id));
  return r?.n ?? 0;
}

/** Devices of `ids` already in an open task (one upgrade at a time per device). */
export async function devicesInOpenTasks(db: Db | Tx, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: upgradeDevices.deviceId })
    .from(upgradeDevices)
    .innerJoin(upgradeTasks, eq(upgradeTasks.id, upgradeDevices.taskId))
    .where(and(inArray(upgradeDevices.deviceId, [...ids]), inArray(upgradeTasks.state, [...UPGRADE_OPEN_STATES])));
  return rows.map((r) => r.id);
}

export async function insertTask(
  tx: Tx,
  task: typeof upgradeTasks.$inferInsert,
  devices: { deviceId: number; stationId: number; wave: number; version: string | null }[],
): Promise<number> {
  const [row] = await tx.insert(upgradeTasks).values(task).returning({ id: upgradeTasks.id });
  if (!row) throw new Error('upgrade task not stored');
  for (let i = 0; i < devices.length; i += 1000) {
    await tx.insert(upgradeDevices).values(
      devices.slice(i, i + 1000).map((d) => ({
        taskId: row.id,
        deviceId: d.deviceId,
        stationId: d.stationId,
        wave: d.wave,
        versionBefore: d.version,
        version: d.version,
      })),
    );
  }
  return row.id;
}

export async function findTask(db: Db, id: number) {
  const [r] = await db
    .select({ task: upgradeTasks, pkg: upgradePackages })
    .from(upgradeTasks)
    .innerJoin(upgradePackages, eq(upgradePackages.id, upgradeTasks.packageId))
    .where(eq(upgradeTasks.id, id));
  return r ?? null;
}

export function taskDevices(db: Db, taskId: number): Promise<TaskDeviceRow[]> {
  return db
    .select()
    .from(upgradeDevices)
    .where(eq(upgradeDevices.taskId, taskId))
    .orderBy(asc(upgradeDevices.wave), asc(upgradeDevices.deviceId));
}

/** Stations a task's devices belong to (its scope: a caller sees a task only with all of them). */
export async function taskStations(db: Db, taskId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: upgradeDevices.stationId })
    .from(upgradeDevices)
    .where(eq(upgradeDevices.taskId, taskId));
  return rows.map((r) => r.id);
}

/** Tasks whose devices all lie in `stationIds` (null: every task), newest first, with counts. */
export async function taskPage(
  db: Db,
  q: {
    stationIds: number[] | null;
    state?: UpgradeTaskState;
    orderBy?: 'createdAt' | 'startAt';
    order?: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
) {
  const conds: SQL[] = [];
  if (q.state) conds.push(eq(upgradeTasks.state, q.state));
  if (q.stationIds !== null) {
    const ids = `{${q.stationIds.join(',')}}`;
    conds.push(sql`NOT EXISTS (SELECT 1 FROM upg_device d WHERE d.task_id = ${upgradeTasks.id}
      AND NOT (d.station_id = ANY(${ids}::int[])))`);
  }
  const where = conds.length ? and(...conds) : undefined;
  const dir = q.order === 'asc' ? asc : desc;
  const order = q.orderBy === 'startAt' ? dir(upgradeTasks.startAt) : dir(upgradeTasks.createTime);
  const tally = (state: UpgradeDeviceState | null) =>
    sql<number>`(SELECT count(*)::int FROM upg_device d WHERE d.task_id = ${upgradeTasks.id}${
      state ? sql` AND d.state = ${state}` : sql``
    })`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        task: upgradeTasks,
        modelCode: upgradePackages.modelCode,
        version: upgradePackages.version,
        devices: tally(null),
        succeeded: tally('success'),
        failed: tally('failure'),
      })
      .from(upgradeTasks)
      .innerJoin(upgradePackages, eq(upgradePackages.id, upgradeTasks.packageId))
      .where(where)
      .orderBy(order, desc(upgradeTasks.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(upgradeTasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Moves a task from one of `from` to `to` (conditional: one caller wins); the row after, or null. */
export async function moveTask(
  db: Db | Tx,
  id: number,
  from: readonly UpgradeTaskState[],
  set: { state: UpgradeTaskState; wave?: number; reasonCode?: UpgradeReason | null; reason?: string | null },
): Promise<TaskRow | null> {
  const [r] = await db
    .update(upgradeTasks)
    .set({ ...set, updateTime: sql`now()` })
    .where(and(eq(upgradeTasks.id, id), inArray(upgradeTasks.state, [...from])))
    .returning();
  return r ?? null;
}

/** Tasks the wave runner looks at: open ones, and scheduled ones now due. */
export function activeTasks(db: Db, now: Date) {
  return db
    .select({ task: upgradeTasks, pkg: upgradePackages })
    .from(upgradeTasks)
    .innerJoin(upgradePackages, eq(upgradePackages.id, upgradeTasks.packageId))
    .where(
      sql`(${inArray(
        upgradeTasks.state,
        UPGRADE_OPEN_STATES.filter((s) => s !== 'scheduled'),
      )})
        OR (${upgradeTasks.state} = 'scheduled' AND ${lte(upgradeTasks.startAt, now)})
        OR (${upgradeTasks.state} = 'cancelled' AND EXISTS (SELECT 1 FROM upg_device d
          WHERE d.task_id = ${upgradeTasks.id} AND d.state = 'upgrading'))`,
    )
    .orderBy(asc(upgradeTasks.id));
}

/** Marks a pending device upgrading under a command id and download token (conditional: once). */
export async function startDevice(
  db: Db,
  taskId: number,
  deviceId: number,
  start: { commandId: string; tokenHash: string; expires: Date },
): Promise<boolean> {
  const r = await db
    .update(upgradeDevices)
    .set({
      state: 'upgrading',
      progress: 0,
      commandId: start.commandId,
      fetchTokenHash: start.tokenHash,
      fetchExpires: start.expires,
      startTime: sql`now()`,
      message: null,
      reasonCode: null,
    })
    .where(
      and(
        eq(upgradeDevices.taskId, taskId),
        eq(upgradeDevices.deviceId, deviceId),
        eq(upgradeDevices.state, 'pending'),
      ),
    )
    .returning({ id: upgradeDevices.deviceId });
  return r.length > 0;
}

/** Settles an upgrading device (conditional: once). */
export async function endDevice(
  db: Db,
  taskId: number,
  deviceId: number,
  end: { state: 'success' | 'failure' | 'pending'; reasonCode: UpgradeReason | null; message: string | null },
): Promise<boolean> {
  const r = await db
    .update(upgradeDevices)
    .set({
      state: end.state,
      reasonCode: end.reasonCode,
      message: end.message,
      fetchTokenHash: null,
      fetchExpires: null,
      endTime: end.state === 'pending' ? null : sql`now()`,
      ...(end.state === 'pending' ? { commandId: null, startTime: null } : {}),
      ...(end.state === 'success' ? { progress: 100 } : {}),
    })
    .where(
      and(
        eq(upgradeDevices.taskId, taskId),
        eq(upgradeDevices.deviceId, deviceId),
        eq(upgradeDevices.state, 'upgrading'),
      ),
    )
    .returning({ id: upgradeDevices.deviceId });
  return r.length > 0;
}

/** Pending devices of a task whose window closed: failed, offline throughout. */
export async function failPending(db: Db, taskId: number, reasonCode: UpgradeReason, message: string) {
  await db
    .update(upgradeDevices)
    .set({ state: 'failure', reasonCode, message, endTime: sql`now()` })
    .where(and(eq(upgradeDevices.taskId, taskId), eq(upgradeDevices.state, 'pending')));
}

/** A device's progress report (only forward, only while upgrading). */
export async function recordProgress(db: Db, commandId: string, progress: number): Promise<void> {
  await db
    .update(upgradeDevices)
    .set({ progress })
    .where(
      and(
        eq(upgradeDevices.commandId, commandId),
        eq(upgradeDevices.state, 'upgrading'),
        sql`${upgradeDevices.progress} < ${progress}`,
      ),
    );
}

/** The version a device's success named (the runner compares it with the package's). */
export async function recordReportedVersion(db: Db, commandId: string, version: string): Promise<void> {
  await db
    .update(upgradeDevices)
    .set({ version })
    .where(and(eq(upgradeDevices.commandId, commandId), eq(upgradeDevices.state, 'upgrading')));
}

/** The upgrading device a download token opens, with its package's file (null: unknown or expired). */
export async function deviceOfToken(db: Db, tokenHash: string, now: Date) {
  const [r] = await db
    .select({ fileId: upgradePackages.fileId, deviceId: upgradeDevices.deviceId, taskId: upgradeDevices.taskId })
    .from(upgradeDevices)
    .innerJoin(upgradeTasks, eq(upgradeTasks.id, upgradeDevices.taskId))
    .innerJoin(upgradePackages, eq(upgradePackages.id, upgradeTasks.packageId))
    .where(
      and(
        eq(upgradeDevices.fetchTokenHash, tokenHash),
        eq(upgradeDevices.state, 'upgrading'),
        isNotNull(upgradeDevices.fetchExpires),
        sql`${upgradeDevices.fetchExpires} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return r ?? null;
}
