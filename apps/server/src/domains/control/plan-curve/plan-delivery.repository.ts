import type {
  CommandState,
  Lang,
  PlanCurveSegment,
  PlanDeliveryPageBody,
  PlanDeliveryRow,
  PlanDeliveryState,
  PlanDeliveryStation,
} from '@ess/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { commands } from '../../../db/command-schema';
import { planDeliveries, planDeliveryStations } from '../../../db/plan-curve-schema';
import { stations, users } from '../../../db/schema';
import { epochOf, intArray, queryRows, tstz } from '../../stations/device';
import { readMessage } from '../command';
import { effectiveSource, stationControls } from './plan-control.repository';

export type NewDelivery = {
  /** Null: a plan not made from a template (a hosted day). */
  templateId: number | null;
  templateCode: string;
  templateName: string;
  templateModifyTime: number;
  segments: PlanCurveSegment[];
  issuedBy: number;
};

export async function insertDelivery(db: Db, d: NewDelivery): Promise<number> {
  const [row] = await db
    .insert(planDeliveries)
    .values({ ...d, templateModifyTime: new Date(d.templateModifyTime) })
    .returning({ id: planDeliveries.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** A station of a delivery: its command, or why none was sent (stored as a platform message). */
export async function insertDeliveryStation(
  db: Db,
  r: { deliveryId: number; stationId: number; commandId: number | null; refused: string | null },
): Promise<void> {
  await db.insert(planDeliveryStations).values({
    deliveryId: r.deliveryId,
    stationId: r.stationId,
    commandId: r.commandId,
    state: r.refused === null ? null : 'failure',
    message: r.refused,
  });
}

/** A station's state: its command's; a row without a command (or whose command is gone) failed. */
const STATE = sql<CommandState>`coalesce(${commands.state}, ${planDeliveryStations.state}, 'failure')`;

/** The overall state of a delivery from its stations' states (contract PLAN_DELIVERY_STATES). */
const overall = (state: SQL) => sql`case
  when bool_or(${state} in ('pending', 'sent')) then 'inProgress'
  when bool_and(${state} = 'success') then 'success'
  when bool_or(${state} = 'success') then 'partial'
  else 'failure' end`;

export const deliveryStateOf = (states: CommandState[]): PlanDeliveryState => {
  if (states.some((s) => s === 'pending' || s === 'sent')) return 'inProgress';
  if (states.length > 0 && states.every((s) => s === 'success')) return 'success';
  return states.some((s) => s === 'success') ? 'partial' : 'failure';
};

type PageQuery = Omit<PlanDeliveryPageBody, 'pageNum' | 'pageSize' | 'stationId' | 'templateId'> & {
  pageNum: number;
  pageSize: number;
  stationId?: number;
  templateId?: number;
};

/**
 * Ids of one page of deliveries, newest first, that reach a station of `scope` (their overall
 * state computed over those stations only), and the total that match.
 */
export async function deliveryPageIds(
  db: Db,
  scope: number[],
  q: PageQuery,
): Promise<{ ids: number[]; total: number }> {
  if (scope.length === 0) return { ids: [], total: 0 };
  const state = sql`coalesce(c.state, ds.state, 'failure')`;
  const where = [
    q.templateId === undefined ? null : sql`d.template_id = ${q.templateId}`,
    q.from === undefined ? null : sql`d.create_time >= ${tstz(q.from, 'from')}`,
    q.to === undefined ? null : sql`d.create_time < ${tstz(q.to, 'to')}`,
    q.state === undefined ? null : sql`a.state = ${q.state}`,
    q.stationId === undefined ? null : sql`${q.stationId}::int = any(a.stations)`,
  ].filter((w): w is SQL => w !== null);
  const body = sql`from biz_plan_delivery d
    join (
      select ds.delivery_id, ${overall(state)} as state, array_agg(ds.station_id) as stations
      from biz_plan_delivery_station ds left join biz_command c on c.id = ds.command_id
      where ds.station_id = any(${intArray(scope)})
      group by ds.delivery_id
    ) a on a.delivery_id = d.id
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}`;
  const order = q.order === 'asc' ? sql`d.create_time asc, d.id asc` : sql`d.create_time desc, d.id desc`;
  const offset = (q.pageNum - 1) * q.pageSize;
  const [rows, totals] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`select d.id::int as id ${body} order by ${order} limit ${q.pageSize} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${body}`),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(totals[0]?.n ?? 0) };
}

type Head = Omit<PlanDeliveryRow, 'state' | 'stations'> & { segments: PlanCurveSegment[] };

export async function deliveryHeads(db: Db, ids: number[]): Promise<Map<number, Head>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: planDeliveries.id,
      templateId: planDeliveries.templateId,
      templateCode: planDeliveries.templateCode,
      templateName: planDeliveries.templateName,
      templateModifyTime: planDeliveries.templateModifyTime,
      segments: planDeliveries.segments,
      issuedBy: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
      createTime: planDeliveries.createTime,
    })
    .from(planDeliveries)
    .leftJoin(users, eq(users.id, planDeliveries.issuedBy))
    .where(inArray(planDeliveries.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { ...r, templateModifyTime: r.templateModifyTime.getTime(), createTime: r.createTime.getTime() },
    ]),
  );
}

/** The stations (of `scope`) of these deliveries, with their command's state and message. */
export async function deliveryStations(
  db: Db,
  ids: number[],
  scope: number[],
  lang: Lang,
): Promise<Map<number, PlanDeliveryStation[]>> {
  const out = new Map<number, PlanDeliveryStation[]>();
  if (ids.length === 0 || scope.length === 0) return out;
  const rows = await db
    .select({
      deliveryId: planDeliveryStations.deliveryId,
      stationId: planDeliveryStations.stationId,
      stationName: stations.name,
      stationCode: stations.code,
      commandId: planDeliveryStations.commandId,
      state: STATE,
      message: sql<string | null>`coalesce(${commands.message}, ${planDeliveryStations.message})`,
      sentTime: commands.sentTime,
      resolvedTime: commands.resolvedTime,
    })
    .from(planDeliveryStations)
    .innerJoin(stations, eq(stations.id, planDeliveryStations.stationId))
    .leftJoin(commands, eq(commands.id, planDeliveryStations.commandId))
    .where(and(inArray(planDeliveryStations.deliveryId, ids), inArray(planDeliveryStations.stationId, scope)))
    .orderBy(asc(planDeliveryStations.id));
  for (const r of rows) {
    const list = out.get(r.deliveryId) ?? [];
    list.push({
      stationId: r.stationId,
      stationName: r.stationName,
      stationCode: r.stationCode,
      commandId: r.commandId,
      state: r.state,
      message: readMessage(r.message, lang),
      sentTime: r.sentTime?.getTime() ?? null,
      resolvedTime: r.resolvedTime?.getTime() ?? null,
      execution: null,
      controlSource: null,
      controlSince: null,
    });
    out.set(r.deliveryId, list);
  }
  await markExecution(db, out);
  return out;
}

/**
 * Delivered (acknowledged) is not running: each delivered station says whether the plan is
 * executing — it is the station's newest accepted plan and the station reports the plan curve in
 * control — or which source is in control instead, or that a later plan superseded it.
 */
async function markExecution(db: Db, byDelivery: Map<number, PlanDeliveryStation[]>): Promise<void> {
  const delivered = [...byDelivery.entries()].flatMap(([deliveryId, list]) =>
    list.filter((s) => s.state === 'success').map((s) => ({ deliveryId, s })),
  );
  if (delivered.length === 0) return;
  const stationIds = [...new Set(delivered.map((d) => d.s.stationId))];
  const [newest, controls] = await Promise.all([newestAccepted(db, stationIds), stationControls(db, stationIds)]);
  for (const { deliveryId, s } of delivered) {
    if (newest.get(s.stationId) !== deliveryId) {
      s.execution = 'superseded';
      continue;
    }
    const c = controls.get(s.stationId);
    const source = c ? effectiveSource(c) : null;
    s.execution = source === 'planCurve' ? 'executing' : 'notExecuting';
    s.controlSource = source;
    s.controlSince = source === 'sequence' ? null : (c?.ems?.since ?? null);
  }
}

/** The newest delivery each station accepted (its command succeeded last). */
async function newestAccepted(db: Db, stationIds: number[]): Promise<Map<number, number>> {
  const rows = await queryRows<{ stationId: number; deliveryId: number }>(
    db,
    sql`select distinct on (ds.station_id) ds.station_id::int as "stationId", ds.delivery_id::int as "deliveryId"
      from biz_plan_delivery_station ds join biz_command c on c.id = ds.command_id
      where ds.station_id = any(${intArray(stationIds)}) and c.state = 'success'
      order by ds.station_id, c.resolved_time desc, ds.delivery_id desc`,
  );
  return new Map(rows.map((r) => [Number(r.stationId), Number(r.deliveryId)]));
}

/** A plan a station's EMS accepted: the delivered segments and when it was accepted. */
export type AcceptedPlan = {
  deliveryId: number;
  templateCode: string;
  templateName: string;
  segments: PlanCurveSegment[];
  since: number;
};

/**
 * Plans the station accepted in [from, to) (epoch ms), with the one in force at `from` (the
 * newest accepted before it) first, oldest first.
 */
export async function acceptedPlans(db: Db, stationId: number, from: number, to: number): Promise<AcceptedPlan[]> {
  const columns = sql`d.id::int as "deliveryId", d.template_code as "templateCode", d.template_name as "templateName",
    d.segments as segments, ${epochOf(sql`c.resolved_time`)}::float8 as since`;
  const accepted = sql`from biz_plan_delivery_station ds
    join biz_plan_delivery d on d.id = ds.delivery_id
    join biz_command c on c.id = ds.command_id
    where ds.station_id = ${stationId} and c.state = 'success'`;
  const rows = await queryRows<AcceptedPlan>(
    db,
    sql`(select ${columns} ${accepted} and c.resolved_time < ${tstz(from)} order by c.resolved_time desc, d.id desc limit 1)
        union all
        (select ${columns} ${accepted} and c.resolved_time >= ${tstz(from)} and c.resolved_time < ${tstz(to)})`,
  );
  return rows
    .map((r) => ({ ...r, deliveryId: Number(r.deliveryId), since: Number(r.since) }))
    .sort((a, b) => a.since - b.since || a.deliveryId - b.deliveryId);
}
