import { type FormValues, localDateOf, type OrderSource, type OrderType } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { AssigneeRef } from '../../../db/workorder-schema';
import { refusal } from '../../../lib/app-error';
import { MessageService } from '../../alarms/message';
import { findStation } from '../../stations/station';
import { findTemplate, latestActiveDefinition, processEngine, type TemplateRecord, templateOfType } from '../process';
import { insertOrder, nextOrderNumber, type OrderRecord, openOrderOfAlarm } from './order.repository';
import { assigneesOf } from './order-assignment';
import { checkFormValues, snapshotFields } from './order-form';
import { checkExecutors } from './order-people';
import { replaceTimers, slaTimes } from './order-timers';
import { type NoticeStore, prepareTodo } from './order-todo';

/** What opens an order: a person (add), an alarm rule or a schedule (H4's callers). */
export type OpenOrderInput = {
  source: OrderSource;
  stationId: number;
  title: string;
  /** The template to run; else the enabled template of `orderType`. */
  templateId?: number;
  orderType?: OrderType;
  deviceId?: number | null;
  alarmEventId?: number | null;
  description?: string | null;
  remark?: string | null;
  priority?: number;
  plannedTime?: number | null;
  /** Empty: the template's default executors. */
  executors?: AssigneeRef[];
  initiatorId: number | null;
  initiatorName?: string | null;
  attachmentIds?: string[];
  imageIds?: string[];
  /** Values of the template's extra form fields (required ones may wait until finish). */
  formValues?: FormValues;
};

export type OpenedOrder = { id: number; number: string; created: boolean };

async function templateFor(db: Db, input: OpenOrderInput): Promise<TemplateRecord> {
  const t =
    input.templateId !== undefined
      ? await findTemplate(db, input.templateId)
      : input.orderType !== undefined
        ? await templateOfType(db, input.orderType)
        : null;
  if (!t) throw refusal(input.templateId !== undefined ? 'workorderTemplateNotFound' : 'workorderNoTemplate', 400);
  return t;
}

/** SQLSTATE 23505 from the driver, or wrapped by drizzle as the cause of its query error. */
const isUniqueViolation = (err: unknown): boolean => {
  const code = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined);
  return code(err) === '23505' || (err instanceof Error && code(err.cause) === '23505');
};

/**
 * Opens an order: its template's newest active process is started, the first task assigned and
 * the order with its first track row written in one transaction. An alarm with an order still
 * running gets that order back (`created: false`), however many instances try at once.
 * `db` may be a transaction (a schedule's claimed run): then every read and write is in it,
 * and the order's own transaction is a savepoint.
 */
export async function openOrder(
  db: Db,
  input: OpenOrderInput,
  now: number,
  /** Where the first task's to-do messages go (in the order's transaction). */
  store: NoticeStore = new MessageService(db),
): Promise<OpenedOrder> {
  if (input.alarmEventId) {
    const running = await openOrderOfAlarm(db, input.alarmEventId);
    if (running) return { id: running.id, number: running.number, created: false };
  }
  const station = await findStation(db, input.stationId);
  if (!station) throw refusal('stationNotFound', 404);
  const template = await templateFor(db, input);
  // The order keeps the fields as they are now: a later template edit does not change what it asks.
  const formFields = snapshotFields(template.formFields);
  const formValues = checkFormValues(formFields, input.formValues ?? {}, false);
  const executors: AssigneeRef[] = input.executors?.length
    ? input.executors
    : [
        ...template.executorUserIds.map((userId) => ({ userId })),
        ...template.executorPostIds.map((postId) => ({ postId })),
      ];
  if (executors.length === 0) throw refusal('workorderExecutorEmpty', 400);
  await checkExecutors(db, executors, input.stationId);
  const definition = await latestActiveDefinition(db, template.definitionKey);
  if (!definition) throw refusal('workorderDefinitionSuspended', 400);
  const sla = slaTimes(now, template.slaHours);
  const started = await processEngine.start(`order-${input.stationId}-${now}`, definition.xml, sla);
  const first = definition.nodes.find((n) => n.id === started.activeNodeIds[0]);
  if (!first) throw new Error(`definition ${definition.id} starts on no user task`);
  const facts = { initiatorId: input.initiatorId, executorId: null, executors };
  const assignees = await assigneesOf(db, first, facts);
  const todo = await prepareTodo(db, store, {
    stationId: input.stationId,
    assignees,
    node: first,
    actorId: input.initiatorId,
    sender: input.initiatorName ?? null,
    now,
  });
  try {
    const row: OrderRecord = await db.transaction(async (tx) => {
      const made = await insertOrder(
        tx,
        {
          number: await nextOrderNumber(tx, localDateOf(now, station.timezone)),
          title: input.title,
          orderType: input.orderType ?? template.orderType,
          source: input.source,
          stationId: input.stationId,
          deviceId: input.deviceId ?? null,
          alarmEventId: input.alarmEventId ?? null,
          description: input.description ?? null,
          remark: input.remark ?? null,
          priority: input.priority ?? 3,
          plannedTime: input.plannedTime ? new Date(input.plannedTime) : null,
          initiatorId: input.initiatorId,
          executors,
          templateId: template.id,
          definitionId: definition.id,
          status: first.status,
          activeNodeIds: started.activeNodeIds,
          assignees,
          engineState: started.state,
          imageIds: input.imageIds ?? [],
          attachmentIds: input.attachmentIds ?? [],
          formFields,
          formValues,
          slaDueAt: sla?.dueAt ?? null,
          repairTime: new Date(now),
          createdAt: new Date(now),
          updatedAt: new Date(now),
        },
        {
          action: 'create',
          userId: input.initiatorId,
          userName: input.initiatorName ?? null,
          time: new Date(now),
          nodeId: null,
          toNodeId: first.id,
          attachmentIds: input.attachmentIds ?? [],
        },
      );
      await replaceTimers(tx, made.id, definition.xml, started.timers);
      await todo.write(tx, made);
      return made;
    });
    todo.announce();
    return { id: row.id, number: row.number, created: true };
  } catch (err) {
    // Another instance opened the alarm's order first: that one stands.
    if (input.alarmEventId && isUniqueViolation(err)) {
      const running = await openOrderOfAlarm(db, input.alarmEventId);
      if (running) return { id: running.id, number: running.number, created: false };
    }
    throw err;
  }
}
