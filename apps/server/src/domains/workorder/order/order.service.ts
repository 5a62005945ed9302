import {
  type InstanceDiagram,
  type Lang,
  localDateTime,
  ORDER_ACTIONS,
  ORDER_STATUS,
  type OrderActionBody,
  type OrderAddBody,
  type OrderCandidates,
  type OrderDetail,
  type OrderPageBody,
  type OrderTrack,
  type TrackAction,
  translate,
  WORKORDER_PERMS,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { businessWarning, forbidden, notFound, refusal } from '../../../lib/app-error';
import type { FileAnswer } from '../../../lib/endpoint-route';
import type { SessionUser } from '../../../lib/types';
import { eventStation } from '../../alarms/alarm';
import { MessageService } from '../../alarms/message';
import { assertDeviceInScope } from '../../stations/device';
import { findDefinition } from '../process';
import type { OrderRecord } from './order.repository';
import {
  deleteOrder,
  devicesUnderOrder,
  enabledPosts,
  listOrders,
  type OrderListQuery,
  orderInScope,
  peopleByIds,
  stepsOf,
  usersSeeingStation,
} from './order.repository';
import { act, loadForAction, mayTake, postOf } from './order-act';
import { backTargets } from './order-actions';
import type { OrderFiles } from './order-files';
import { type OpenedOrder, type OpenOrderInput, openOrder } from './order-open';
import { heldAnnouncements, type NoticeStore } from './order-todo';
import { epochOrNull, nameRefs, toOrderRow } from './order-view';

const EXPORT_MAX_ROWS = 10_000;

/** A step that finished an order, as what follows it needs it. */
export type FinishedOrder = {
  order: OrderRecord;
  /** Where the work was done: the device, else the station. */
  place: string;
  userId: number;
  userName: string;
  opinion: string;
  attachmentIds: string[];
  at: number;
};

/** Work orders: open, list, detail, act, track, delete, export (issue 23 part 4). */
export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly files: OrderFiles,
    private readonly clock: () => number = Date.now,
    /** What a finished order leads to (its repair record); runs after the step is committed. */
    private readonly onFinished: (finished: FinishedOrder) => Promise<void> = async () => {},
    /** The to-do messages of every step landing on someone (stored with the step). */
    private readonly messages: NoticeStore = new MessageService(db),
  ) {}

  /** Opens an order (H4's alarm rules and schedules call this; `add` is the manual form). */
  openOrder(input: OpenOrderInput): Promise<OpenedOrder> {
    return openOrder(this.db, input, this.clock(), this.messages);
  }

  /**
   * Opens an order in the caller's transaction, so it commits with the caller's own write (a
   * schedule's claimed run). Its to-do messages ring the bell only when the caller calls
   * `announce` after its commit: before it, the messages are not there to read.
   */
  async openOrderIn(tx: Db, input: OpenOrderInput): Promise<OpenedOrder & { announce: () => void }> {
    const held = heldAnnouncements(this.messages);
    const opened = await openOrder(tx, input, this.clock(), held.store);
    return { ...opened, announce: held.release };
  }

  /** Devices with an order not yet ended at the station (site overview: "overhaul"). */
  activeOrderDevices(stationId: number): Promise<number[]> {
    return devicesUnderOrder(this.db, stationId);
  }

  async add(user: SessionUser, b: OrderAddBody): Promise<{ id: number; number: string }> {
    if (b.executors.length === 0) throw refusal('workorderExecutorEmpty', 400);
    const files = [...(b.attachmentIds ?? []), ...(b.imageIds ?? [])];
    if (files.length > 0) await this.files.assertUsable(files, { stationId: b.stationId, userId: user.userId });
    // The device and the alarm are the order's station's: an id from elsewhere links nothing.
    if (b.deviceId && (await assertDeviceInScope(this.db, user, b.deviceId)).station.id !== b.stationId) {
      throw notFound('deviceNotFound');
    }
    if (b.alarmEventId && (await eventStation(this.db, b.alarmEventId)) !== b.stationId) {
      throw notFound('alarmEventNotFound');
    }
    const { id, number, created } = await this.openOrder({
      ...b,
      source: b.alarmEventId ? 'alarmTransfer' : 'manual',
      initiatorId: user.userId,
      initiatorName: await this.nameOf(user),
    });
    // An alarm runs one order at a time: a person asking for a second one is told which runs.
    if (!created) throw refusal('workorderAlarmHasOrder', 409, { number });
    return { id, number };
  }

  async page(user: SessionUser, q: OrderPageBody, lang: Lang) {
    if (q.scope === 'all' && !user.isAdmin && !user.perms.has(WORKORDER_PERMS.all)) throw forbidden();
    const { rows, total } = await listOrders(this.db, user, await postOf(this.db, user.userId), q, lang);
    const named = await nameRefs(
      this.db,
      rows.map((r) => r.order.assignees),
    );
    return { rows: rows.map((r) => toOrderRow(r, named)), total };
  }

  /** Who a new order at the station may name: its users (the route checked the station's scope) and the posts. */
  async candidates(stationId: number): Promise<OrderCandidates> {
    const [people, postRows] = await Promise.all([usersSeeingStation(this.db, stationId), enabledPosts(this.db)]);
    return { users: people.map((u) => ({ id: u.id, name: u.name })), posts: postRows };
  }

  async detail(user: SessionUser, id: number, lang: Lang): Promise<OrderDetail> {
    const row = await orderInScope(this.db, user, id, lang);
    if (!row) throw notFound('workorderNotFound');
    const o = row.order;
    const definition = await findDefinition(this.db, o.definitionId, true);
    if (!definition) throw notFound('workorderDefinitionNotFound');
    const named = await nameRefs(this.db, [o.assignees, o.executors]);
    const [executor] = o.executorId === null ? [] : await peopleByIds(this.db, [o.executorId]);
    const postId = await postOf(this.db, user.userId);
    const loaded = o.endedAt ? null : await loadForAction(this.db, id, async () => {}).catch(() => null);
    const actions = loaded ? ORDER_ACTIONS.filter((a) => mayTake(user, postId, loaded, a) === 'ok') : [];
    const [images, attachments] = await Promise.all([
      this.files.describe(o.imageIds),
      this.files.describe(o.attachmentIds),
    ]);
    const nodeName = (nodeId: string) => {
      const n = definition.nodes.find((x) => x.id === nodeId);
      return n ? (n.names?.[lang] ?? n.name) : nodeId;
    };
    const acting = actions.some((a) => a === 'allocate' || a === 'transfer' || a === 'forward');
    return {
      ...toOrderRow(row, named),
      description: o.description,
      remark: o.remark,
      executors: named(o.executors),
      executorId: o.executorId,
      executorName: executor?.name ?? null,
      executorPhone: executor?.phone ?? null,
      repairTime: epochOrNull(o.repairTime),
      acceptTime: epochOrNull(o.acceptTime),
      finishTime: epochOrNull(o.finishTime),
      images,
      attachments,
      templateId: o.templateId,
      definitionId: o.definitionId,
      definitionKey: definition.key,
      formFields: o.formFields,
      formValues: o.formValues,
      actions,
      canDelete: this.mayDelete(user, o),
      backNodes: loaded ? backTargets(loaded.node, loaded.passed).map((n) => ({ id: n, name: nodeName(n) })) : [],
      candidateUsers: acting
        ? (await usersSeeingStation(this.db, o.stationId)).map((u) => ({ id: u.id, name: u.name }))
        : [],
      candidatePosts: acting ? await enabledPosts(this.db) : [],
    };
  }

  async act(user: SessionUser, b: OrderActionBody) {
    const userName = await this.nameOf(user);
    const now = this.clock();
    const done = await act(this.db, this.files, this.messages, user, userName, b, now, (stationId) =>
      this.scoped(user, stationId),
    );
    if (b.action === 'finish') {
      const row = await orderInScope(this.db, user, b.id, 'zh_CN');
      if (row) {
        await this.onFinished({
          order: row.order,
          place: row.deviceName ?? row.stationName,
          userId: user.userId,
          userName,
          opinion: b.opinion ?? '',
          attachmentIds: b.attachmentIds ?? [],
          at: now,
        });
      }
    }
    return done;
  }

  async track(user: SessionUser, id: number, lang: Lang): Promise<OrderTrack> {
    const row = await orderInScope(this.db, user, id, lang);
    if (!row) throw notFound('workorderNotFound');
    const steps = await stepsOf(this.db, id);
    const files = new Map(
      (await this.files.describe([...new Set(steps.flatMap((s) => s.attachmentIds))])).map((f) => [f.id, f]),
    );
    return {
      steps: steps.map((s) => ({
        action: s.action as TrackAction,
        userId: s.userId,
        userName: s.userName,
        time: s.time.getTime(),
        opinion: s.opinion,
        nodeId: s.nodeId,
        toNodeId: s.toNodeId,
        attachments: s.attachmentIds.flatMap((f) => {
          const file = files.get(f);
          return file ? [file] : [];
        }),
      })),
      activeNodeIds: row.order.endedAt ? [] : row.order.activeNodeIds,
    };
  }

  async diagram(user: SessionUser, id: number, lang: Lang): Promise<InstanceDiagram> {
    const row = await orderInScope(this.db, user, id, lang);
    if (!row) throw notFound('workorderNotFound');
    const definition = await findDefinition(this.db, row.order.definitionId, true);
    if (!definition) throw notFound('workorderDefinitionNotFound');
    const steps = await stepsOf(this.db, id);
    const active = row.order.endedAt ? [] : row.order.activeNodeIds;
    const done = new Set(steps.flatMap((s) => (s.nodeId ? [s.nodeId] : [])));
    return { xml: definition.xml, activeNodeIds: active, doneNodeIds: [...done].filter((n) => !active.includes(n)) };
  }

  async remove(user: SessionUser, id: number, lang: Lang): Promise<null> {
    const row = await orderInScope(this.db, user, id, lang);
    if (!row) throw notFound('workorderNotFound');
    if (!this.mayDelete(user, row.order)) throw refusal('workorderDeleteRunning', 409);
    if (!(await deleteOrder(this.db, id, row.order.version))) throw refusal('workorderChanged', 409);
    return null;
  }

  async export(user: SessionUser, q: Omit<OrderListQuery, 'pageNum' | 'pageSize'>, lang: Lang): Promise<FileAnswer> {
    if (q.scope === 'all' && !user.isAdmin && !user.perms.has(WORKORDER_PERMS.all)) throw forbidden();
    const { rows } = await listOrders(
      this.db,
      user,
      await postOf(this.db, user.userId),
      { ...q, pageNum: 1, pageSize: 1 },
      lang,
      EXPORT_MAX_ROWS,
    );
    if (rows.length === 0) throw businessWarning('exportNoData');
    const named = await nameRefs(
      this.db,
      rows.map((r) => r.order.assignees),
    );
    const t = (key: Parameters<typeof translate>[1]) => translate(lang, key);
    return {
      format: 'xlsx',
      name: t('workorderExportTitle'),
      sheets: [
        {
          name: t('workorderExportTitle'),
          columns: [
            { key: 'number', header: t('workorderColNumber'), width: 18 },
            { key: 'title', header: t('workorderColTitle'), width: 30 },
            { key: 'type', header: t('workorderColType') },
            { key: 'status', header: t('workorderColStatus') },
            { key: 'station', header: t('workorderColStation'), width: 20 },
            { key: 'device', header: t('workorderColDevice'), width: 20 },
            { key: 'priority', header: t('workorderColPriority') },
            { key: 'initiator', header: t('workorderColInitiator') },
            { key: 'assignees', header: t('workorderColAssignees'), width: 24 },
            { key: 'created', header: t('workorderColCreated'), width: 22 },
          ],
          rows: rows.map((r) => {
            const o = toOrderRow(r, named);
            return {
              number: o.number,
              title: o.title,
              type: t(`workorderType${o.orderType}`),
              status: t(`workorderStatus${o.status}`),
              station: o.stationName,
              device: o.deviceName,
              priority: o.priority,
              initiator: o.initiatorName,
              assignees: o.assignees.map((a) => a.name).join(', '),
              created: localDateTime(o.createdAt, r.stationTimezone),
            };
          }),
        },
      ],
    };
  }

  private mayDelete(user: SessionUser, o: { endedAt: Date | null; status: number }): boolean {
    const holds = user.isAdmin || user.perms.has(WORKORDER_PERMS.delete);
    return holds && !user.readOnly && (o.endedAt !== null || o.status === ORDER_STATUS.toAllocate);
  }

  private async scoped(user: SessionUser, stationId: number): Promise<void> {
    await assertStationInScope(this.db, user, stationId).catch(() => {
      throw notFound('workorderNotFound');
    });
  }

  private async nameOf(user: SessionUser): Promise<string> {
    const [me] = await peopleByIds(this.db, [user.userId]);
    return me?.name ?? user.username;
  }
}
