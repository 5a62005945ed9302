import type {
  Lang,
  Names,
  SequenceRun,
  SequenceRunState,
  SequenceRunStep,
  SequenceStep,
  SequenceStepState,
  SequenceTemplate,
  sequenceRunPageBody,
} from '@ess/contract';
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { commands } from '../../../db/command-schema';
import { nameIn } from '../../../db/local-name-sql';
import { devices, points, stations, users } from '../../../db/schema';
import { type StoredStep, sequenceRunSteps, sequenceRuns, sequenceTemplates } from '../../../db/sequence-schema';
import { tsLatest } from '../../../db/telemetry-schema';
import { pageOrder, pageSlice } from '../../../lib/paging';
import { shownStep } from './sequence-step-names';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

// --- Templates ---

/** A template as shown; whether the caller may change it is the service's to say. */
export type TemplateRow = Omit<SequenceTemplate, 'editable'>;
/** A template and its steps named in the reader's language, with the stored names and their translations. */
export type StoredTemplate = TemplateRow & { stored: { name: string; names: Partial<Names>; steps: StoredStep[] } };

const templateColumns = (lang: Lang) => ({
  id: sequenceTemplates.id,
  name: nameIn(sequenceTemplates, lang),
  storedName: sequenceTemplates.name,
  names: sequenceTemplates.names,
  stationId: sequenceTemplates.stationId,
  stationName: stations.name,
  steps: sequenceTemplates.steps,
  builtIn: sequenceTemplates.builtIn,
  updateTime: sequenceTemplates.updateTime,
});

const toTemplate =
  (lang: Lang) =>
  ({
    storedName,
    names,
    steps,
    ...r
  }: {
    id: number;
    name: string;
    storedName: string;
    names: Partial<Names>;
    stationId: number | null;
    stationName: string | null;
    steps: StoredStep[];
    builtIn: boolean;
    updateTime: Date;
  }): StoredTemplate => ({
    ...r,
    steps: steps.map((s) => shownStep(s, lang)),
    updateTime: r.updateTime.getTime(),
    stored: { name: storedName, names, steps },
  });

/** The generic templates and those of the station, oldest first, named in `lang`. */
export async function listTemplates(db: Db, stationId: number, lang: Lang): Promise<StoredTemplate[]> {
  const rows = await db
    .select(templateColumns(lang))
    .from(sequenceTemplates)
    .leftJoin(stations, eq(stations.id, sequenceTemplates.stationId))
    .where(or(isNull(sequenceTemplates.stationId), eq(sequenceTemplates.stationId, stationId)))
    .orderBy(asc(sequenceTemplates.id));
  return rows.map(toTemplate(lang));
}

export async function findTemplate(db: Db, id: number, lang: Lang): Promise<StoredTemplate | null> {
  const [row] = await db
    .select(templateColumns(lang))
    .from(sequenceTemplates)
    .leftJoin(stations, eq(stations.id, sequenceTemplates.stationId))
    .where(eq(sequenceTemplates.id, id));
  return row ? toTemplate(lang)(row) : null;
}

export type TemplateFields = { name: string; names?: Partial<Names>; stationId: number | null; steps: StoredStep[] };

export async function insertTemplate(
  db: Executor,
  t: TemplateFields & { builtIn?: boolean; updateBy: number | null },
): Promise<number> {
  const [row] = await db.insert(sequenceTemplates).values(t).returning({ id: sequenceTemplates.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** `t` without a name leaves it (and its translations) as it is. */
export async function updateTemplate(
  db: Db,
  id: number,
  t: Omit<TemplateFields, 'name'> & { name?: string },
  updateBy: number,
): Promise<void> {
  await db
    .update(sequenceTemplates)
    .set({ ...t, updateBy, updateTime: new Date() })
    .where(eq(sequenceTemplates.id, id));
}

export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.delete(sequenceTemplates).where(eq(sequenceTemplates.id, id));
}

// --- Runs ---

export type NewRun = {
  templateId: number;
  templateName: string;
  stationId: number;
  steps: StoredStep[];
  issuedBy: number;
};

/** Stores a running run and its steps (all not run yet); a second running run of the station violates the index. */
export async function insertRun(db: Db, r: NewRun): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(sequenceRuns).values(r).returning({ id: sequenceRuns.id });
    if (!row) throw new Error('insert returned no row');
    await tx.insert(sequenceRunSteps).values(r.steps.map((s, i) => ({ runId: row.id, idx: i + 1, name: s.name })));
    return row.id;
  });
}

/** What the executor needs of a run. */
export type RunPlan = {
  id: number;
  stationId: number;
  stationCode: string;
  state: SequenceRunState;
  steps: StoredStep[];
  issuedBy: number | null;
};

export async function findRunPlan(db: Db, id: number): Promise<RunPlan | null> {
  const [row] = await db
    .select({
      id: sequenceRuns.id,
      stationId: sequenceRuns.stationId,
      stationCode: stations.code,
      state: sequenceRuns.state,
      steps: sequenceRuns.steps,
      issuedBy: sequenceRuns.issuedBy,
    })
    .from(sequenceRuns)
    .innerJoin(stations, eq(stations.id, sequenceRuns.stationId))
    .where(eq(sequenceRuns.id, id));
  return row ?? null;
}

const runColumns = {
  id: sequenceRuns.id,
  templateId: sequenceRuns.templateId,
  templateName: sequenceRuns.templateName,
  stationId: sequenceRuns.stationId,
  stationName: stations.name,
  state: sequenceRuns.state,
  issuedBy: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
  startTime: sequenceRuns.startTime,
  endTime: sequenceRuns.endTime,
  failedStep: sequenceRuns.failedStep,
  message: sequenceRuns.message,
};

type RunHead = Omit<SequenceRun, 'steps' | 'startTime' | 'endTime'> & { startTime: Date; endTime: Date | null };

async function withSteps(db: Db, heads: RunHead[]): Promise<SequenceRun[]> {
  if (heads.length === 0) return [];
  const steps = await db
    .select()
    .from(sequenceRunSteps)
    .where(
      inArray(
        sequenceRunSteps.runId,
        heads.map((h) => h.id),
      ),
    )
    .orderBy(asc(sequenceRunSteps.runId), asc(sequenceRunSteps.idx));
  const byRun = new Map<number, SequenceRunStep[]>();
  for (const s of steps) {
    const list = byRun.get(s.runId) ?? [];
    list.push({
      index: s.idx,
      name: s.name,
      state: s.state,
      deviceSns: s.deviceSns,
      commandIds: s.commandIds,
      startTime: s.startTime?.getTime() ?? null,
      endTime: s.endTime?.getTime() ?? null,
      message: s.message,
    });
    byRun.set(s.runId, list);
  }
  return heads.map((h) => ({
    ...h,
    startTime: h.startTime.getTime(),
    endTime: h.endTime?.getTime() ?? null,
    steps: byRun.get(h.id) ?? [],
  }));
}

/** A run with its steps, messages in their stored form (sequence-render.ts shows them). */
export async function findRun(db: Db, id: number): Promise<SequenceRun | null> {
  const heads = await db
    .select(runColumns)
    .from(sequenceRuns)
    .innerJoin(stations, eq(stations.id, sequenceRuns.stationId))
    .leftJoin(users, eq(users.id, sequenceRuns.issuedBy))
    .where(eq(sequenceRuns.id, id));
  const [run] = await withSteps(db, heads);
  return run ?? null;
}

export async function runPage(
  db: Db,
  q: z.output<typeof sequenceRunPageBody>,
): Promise<{ rows: SequenceRun[]; total: number }> {
  const where: SQL | undefined = and(
    eq(sequenceRuns.stationId, q.stationId),
    q.state ? eq(sequenceRuns.state, q.state) : undefined,
  );
  const heads = await db
    .select(runColumns)
    .from(sequenceRuns)
    .innerJoin(stations, eq(stations.id, sequenceRuns.stationId))
    .leftJoin(users, eq(users.id, sequenceRuns.issuedBy))
    .where(where)
    .orderBy(...pageOrder(q, { startTime: sequenceRuns.startTime, state: sequenceRuns.state }, [desc(sequenceRuns.id)]))
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(sequenceRuns).where(where);
  return { rows: await withSteps(db, heads), total: count?.n ?? 0 };
}

export type StepPatch = Partial<{
  state: SequenceStepState;
  deviceSns: string[];
  commandIds: number[];
  startTime: Date;
  endTime: Date;
  message: string | null;
}>;

export async function updateStep(db: Db, runId: number, idx: number, patch: StepPatch): Promise<void> {
  await db
    .update(sequenceRunSteps)
    .set(patch)
    .where(and(eq(sequenceRunSteps.runId, runId), eq(sequenceRunSteps.idx, idx)));
}

/** Ends a running run (false when it had already ended, e.g. failed as interrupted elsewhere). */
export async function finishRun(
  db: Db,
  id: number,
  end: { state: Exclude<SequenceRunState, 'running'>; failedStep?: number | null; message?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(sequenceRuns)
    .set({ state: end.state, failedStep: end.failedStep ?? null, message: end.message ?? null, endTime: new Date() })
    .where(and(eq(sequenceRuns.id, id), eq(sequenceRuns.state, 'running')))
    .returning({ id: sequenceRuns.id });
  return rows.length > 0;
}

/** The executor's sign of life; answers whether the run still runs and whether a cancel was asked for. */
export async function beat(db: Db, id: number): Promise<{ running: boolean; cancel: string | null }> {
  const [row] = await db
    .update(sequenceRuns)
    .set({ heartbeatTime: new Date() })
    .where(and(eq(sequenceRuns.id, id), eq(sequenceRuns.state, 'running')))
    .returning({ cancel: sequenceRuns.cancelRequested, message: sequenceRuns.message });
  if (!row) return { running: false, cancel: null };
  return { running: true, cancel: row.cancel ? (row.message ?? '') : null };
}

/** Asks the executor to stop before its next step; `message` says who. False when the run is not running. */
export async function requestCancel(db: Db, id: number, message: string): Promise<boolean> {
  const rows = await db
    .update(sequenceRuns)
    .set({ cancelRequested: true, message })
    .where(and(eq(sequenceRuns.id, id), eq(sequenceRuns.state, 'running')))
    .returning({ id: sequenceRuns.id });
  return rows.length > 0;
}

/**
 * Fails running runs whose executor stopped beating before `cutoff` (or those of `ids`, an
 * instance stopping): the step in progress fails with `message`. A conditional update: of several
 * instances, one ends each run. Returns the ended runs.
 */
export async function failAbandoned(
  db: Db,
  where: { cutoff: Date } | { ids: number[] },
  message: string,
): Promise<{ id: number; stationId: number }[]> {
  const which = 'cutoff' in where ? lt(sequenceRuns.heartbeatTime, where.cutoff) : inArray(sequenceRuns.id, where.ids);
  if ('ids' in where && where.ids.length === 0) return [];
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sequenceRuns)
      .set({ state: 'failed', message, endTime: new Date() })
      .where(and(eq(sequenceRuns.state, 'running'), which))
      .returning({ id: sequenceRuns.id, stationId: sequenceRuns.stationId });
    for (const r of ended) {
      const steps = await tx
        .update(sequenceRunSteps)
        .set({ state: 'failed', message, endTime: new Date() })
        .where(and(eq(sequenceRunSteps.runId, r.id), eq(sequenceRunSteps.state, 'running')))
        .returning({ idx: sequenceRunSteps.idx });
      const failedStep = steps[0]?.idx ?? null;
      if (failedStep !== null) {
        await tx.update(sequenceRuns).set({ failedStep }).where(eq(sequenceRuns.id, r.id));
      }
    }
    return ended;
  });
}

// --- Devices, values and commands the steps work with ---

export type StepDevice = { id: number; sn: string };

/** Devices of a type at a station in the order the station lists them. */
export async function devicesOfType(
  db: Db,
  stationId: number,
  type: SequenceStep['deviceType'],
): Promise<StepDevice[]> {
  return db
    .select({ id: devices.id, sn: devices.sn })
    .from(devices)
    .where(and(eq(devices.stationId, stationId), eq(devices.type, type)))
    .orderBy(asc(devices.sort), asc(devices.id));
}

/** A point's newest stored value of a device, or null. */
export async function latestValue(
  db: Db,
  deviceId: number,
  code: string,
): Promise<{ value: number; ts: number } | null> {
  const [row] = await db
    .select({ value: tsLatest.value, ts: tsLatest.ts })
    .from(points)
    .innerJoin(tsLatest, eq(tsLatest.pointId, points.id))
    .where(and(eq(points.deviceId, deviceId), eq(points.code, code)));
  return row ? { value: row.value, ts: row.ts.getTime() } : null;
}

/** A command's state and stored message (platform reasons stay as `@key`, shown later in the reader's language). */
export async function commandOutcome(
  db: Db,
  id: number,
): Promise<{ state: (typeof commands.$inferSelect)['state']; message: string | null } | null> {
  const [row] = await db
    .select({ state: commands.state, message: commands.message })
    .from(commands)
    .where(eq(commands.id, id));
  return row ?? null;
}
