import type { Lang, RatePageBody, RateTemplate, RateTemplateBody } from '@ess/contract';
import { and, asc, count, eq, gte, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn, nameMatches } from '../../../db/local-name-sql';
import { stationTouTemplates } from '../../../db/rate-schema';
import { dictItems, dictTypes, stations, touTemplates } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';
import { rowName } from '../../stations/device';
import type { TouTemplateRow } from './rate-lookup';

/** Writes run on a transaction too; both have the same query surface. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Q = Db | Tx;

/** Valid on a date: SQL twin of rate-lookup's `validOn`. */
const validOnSql = (date: string): SQL | undefined =>
  and(
    or(isNull(touTemplates.validFrom), lte(touTemplates.validFrom, date)),
    or(isNull(touTemplates.validTo), gte(touTemplates.validTo, date)),
  );

function pageWhere(q: RatePageBody): SQL | undefined {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  return and(
    // The name in any language: a seeded template is found by the name its reader sees.
    text ? or(ilike(touTemplates.code, text), nameMatches(touTemplates, text)) : undefined,
    q.electricityType ? eq(touTemplates.electricityType, q.electricityType) : undefined,
    q.enabled === undefined ? undefined : eq(touTemplates.enabled, q.enabled),
    q.validOn ? validOnSql(q.validOn) : undefined,
  );
}

/** One page of templates (rows without their stations) and the total that match. */
export async function templatePage(
  db: Db,
  q: RatePageBody,
  lang: Lang,
): Promise<{ rows: TouTemplateRow[]; total: number }> {
  const where = pageWhere(q);
  const order = pageOrder(
    q,
    {
      code: touTemplates.code,
      name: nameIn(touTemplates, lang),
      electricityType: touTemplates.electricityType,
      validFrom: touTemplates.validFrom,
      validTo: touTemplates.validTo,
      enabled: touTemplates.enabled,
      updateTime: touTemplates.updateTime,
    },
    [asc(touTemplates.code), asc(touTemplates.id)],
  );
  const { limit, offset } = pageSlice(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(touTemplates)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(touTemplates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findTemplate(db: Q, id: number): Promise<TouTemplateRow | null> {
  const [row] = await db.select().from(touTemplates).where(eq(touTemplates.id, id));
  return row ?? null;
}

export async function findTemplates(db: Q, ids: number[]): Promise<TouTemplateRow[]> {
  return ids.length ? db.select().from(touTemplates).where(inArray(touTemplates.id, ids)) : [];
}

export async function codeTaken(db: Q, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: touTemplates.id })
    .from(touTemplates)
    .where(and(eq(touTemplates.code, code), exceptId === undefined ? undefined : ne(touTemplates.id, exceptId)));
  return row !== undefined;
}

/** Spec 5: duplicate names are refused; compared as the list shows them, trimmed, in any case. */
export async function nameTaken(db: Q, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: touTemplates.id })
    .from(touTemplates)
    .where(
      and(
        sql`lower(btrim(${touTemplates.name})) = lower(btrim(${name}))`,
        exceptId === undefined ? undefined : ne(touTemplates.id, exceptId),
      ),
    );
  return row !== undefined;
}

/** One assignment of a station (null: not this station's). */
export async function assignmentOf(db: Q, stationId: number, id: number): Promise<AssignmentRow | null> {
  const [row] = await db
    .select()
    .from(stationTouTemplates)
    .where(and(eq(stationTouTemplates.stationId, stationId), eq(stationTouTemplates.id, id)));
  return row ?? null;
}

export async function deleteAssignment(db: Q, id: number): Promise<void> {
  await db.delete(stationTouTemplates).where(eq(stationTouTemplates.id, id));
}

/** The electricity type is a value of the `electricityType` dictionary. */
export async function electricityTypeExists(db: Db, dictType: string, value: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dictItems.id })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(and(eq(dictTypes.type, dictType), eq(dictItems.value, value)));
  return row !== undefined;
}

const columns = (b: RateTemplateBody) => ({
  code: b.code,
  name: b.name,
  electricityType: b.electricityType,
  currency: b.currency,
  segments: b.segments,
  prices: b.prices,
  validFrom: b.validFrom,
  validTo: b.validTo,
  enabled: b.enabled,
});

export async function insertTemplate(db: Q, b: RateTemplateBody): Promise<number | null> {
  const [row] = await db
    .insert(touTemplates)
    .values(columns(b))
    .onConflictDoNothing({ target: touTemplates.code })
    .returning({ id: touTemplates.id });
  return row?.id ?? null;
}

/**
 * The template's fields; the name only when it changed: a name sent back as shown in the reader's
 * language keeps the stored one and its translations, a new one is stored as typed, alone.
 */
export async function updateTemplate(db: Q, id: number, b: RateTemplateBody, nameChanged: boolean): Promise<void> {
  const { name, ...rest } = columns(b);
  await db
    .update(touTemplates)
    .set({ ...rest, ...(nameChanged && { name, names: {} }), updateTime: new Date() })
    .where(eq(touTemplates.id, id));
}

export async function setTemplateEnabled(db: Q, id: number, enabled: boolean): Promise<void> {
  await db.update(touTemplates).set({ enabled, updateTime: new Date() }).where(eq(touTemplates.id, id));
}

export async function deleteTemplate(db: Q, id: number): Promise<void> {
  await db.delete(touTemplates).where(eq(touTemplates.id, id));
}

export type AssignedStation = { templateId: number; id: number; code: string; name: string };

/** The stations using each template. */
export async function stationsOfTemplates(db: Q, templateIds: number[]): Promise<AssignedStation[]> {
  if (templateIds.length === 0) return [];
  // A station back on a template it had before holds it twice: named once.
  return db
    .selectDistinct({
      templateId: stationTouTemplates.templateId,
      id: stations.id,
      code: stations.code,
      name: stations.name,
    })
    .from(stationTouTemplates)
    .innerJoin(stations, eq(stations.id, stationTouTemplates.stationId))
    .where(inArray(stationTouTemplates.templateId, templateIds))
    .orderBy(asc(stations.code))
    .then((rows) => rows.flatMap((r) => (r.templateId === null ? [] : [{ ...r, templateId: r.templateId }])));
}

/** Each assignment of a template with its station's clock: where the template priced or will price days. */
export async function assignmentsOfTemplate(
  db: Q,
  templateId: number,
): Promise<{ stationId: number; validFrom: string | null; timezone: string }[]> {
  return db
    .select({
      stationId: stationTouTemplates.stationId,
      validFrom: stationTouTemplates.validFrom,
      timezone: stations.timezone,
    })
    .from(stationTouTemplates)
    .innerJoin(stations, eq(stations.id, stationTouTemplates.stationId))
    .where(eq(stationTouTemplates.templateId, templateId));
}

export type AssignmentRow = typeof stationTouTemplates.$inferSelect;

/** A station's dated assignments, by start (the open start first). */
export async function assignmentsOfStation(db: Q, stationId: number): Promise<AssignmentRow[]> {
  return db
    .select()
    .from(stationTouTemplates)
    .where(eq(stationTouTemplates.stationId, stationId))
    .orderBy(sql`${stationTouTemplates.validFrom} asc nulls first`, asc(stationTouTemplates.id));
}

/** What prices a station's days: a template, or a proxy price region's monthly prices. */
export type PriceSource =
  | { templateId: number; proxyRegionId?: undefined }
  | { proxyRegionId: number; templateId?: undefined };

/**
 * From `from` on, the station is priced by `source`: its assignments starting that day or
 * later give way. When the assignment before already names the same source, nothing is added.
 */
export async function assignFrom(db: Q, stationId: number, source: PriceSource, from: string): Promise<void> {
  await db
    .delete(stationTouTemplates)
    .where(and(eq(stationTouTemplates.stationId, stationId), gte(stationTouTemplates.validFrom, from)));
  const before = (await assignmentsOfStation(db, stationId)).at(-1);
  const templateId = source.templateId ?? null;
  const proxyRegionId = source.proxyRegionId ?? null;
  if (before && before.templateId === templateId && before.proxyRegionId === proxyRegionId) return;
  await db.insert(stationTouTemplates).values({ stationId, templateId, proxyRegionId, validFrom: from });
}

/**
 * Serialises rate writes (template numbers, deletion against assignments, assignments): the
 * check and the write of one finish before the next starts, on every instance.
 */
export async function lockRateWrites(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('biz_tou_template'))`);
}

/** A template row as the list shows it, named in `lang`, with the caller's view of its stations. */
export const toRateTemplate = (
  t: TouTemplateRow,
  assigned: AssignedStation[],
  visible: (stationId: number) => boolean,
  lang: Lang,
): RateTemplate => {
  const own = assigned.filter((s) => s.templateId === t.id);
  return {
    id: t.id,
    code: t.code,
    name: rowName(t, lang),
    electricityType: t.electricityType,
    currency: t.currency,
    segments: t.segments,
    prices: t.prices,
    validFrom: t.validFrom,
    validTo: t.validTo,
    enabled: t.enabled,
    stations: own.filter((s) => visible(s.id)).map(({ id, code, name }) => ({ id, code, name })),
    stationCount: own.length,
    updateTime: t.updateTime.toISOString(),
  };
};
