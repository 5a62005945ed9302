import {
  type AlarmLevel,
  NOTIFY_DEFAULT_RATE,
  type NotifyChainBody,
  type NotifyConfig,
  type NotifyLogPageBody,
  type NotifyQuietBody,
  type NotifyRateBody,
} from '@ess/contract';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifyChains, notifyLog, notifyQuietHours, notifyRates, notifySteps } from '../../db/notify-schema';
import { roles, stations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { NotifyEngine } from './notify-engine';

const toLevel = (n: number): AlarmLevel => (n === 1 || n === 2 || n === 3 ? n : 4);

/** The notification settings and log (/system/sms-configuration): admin-only by the endpoint table. */
export class NotifyService {
  constructor(
    private readonly db: Db,
    private readonly engine: NotifyEngine,
  ) {}

  async config(): Promise<NotifyConfig> {
    const { db } = this;
    const [chains, steps, quiet, rates, userRows, roleRows, stationRows] = await Promise.all([
      db.select().from(notifyChains).orderBy(asc(notifyChains.id)),
      db.select().from(notifySteps).orderBy(asc(notifySteps.chainId), asc(notifySteps.position)),
      db
        .select({ q: notifyQuietHours, username: users.username, realName: users.realName })
        .from(notifyQuietHours)
        .innerJoin(users, eq(users.id, notifyQuietHours.userId))
        .orderBy(asc(users.username)),
      db
        .select({ r: notifyRates, stationName: stations.name })
        .from(notifyRates)
        .innerJoin(stations, eq(stations.id, notifyRates.stationId))
        .orderBy(asc(stations.name)),
      db
        .select({
          id: users.id,
          username: users.username,
          realName: users.realName,
          email: users.email,
          phone: users.phone,
        })
        .from(users)
        .where(eq(users.enabled, true))
        .orderBy(asc(users.username)),
      db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.enabled, true)).orderBy(asc(roles.id)),
      db.select({ id: stations.id, name: stations.name }).from(stations).orderBy(asc(stations.name)),
    ]);
    return {
      chains: chains.map((c) => ({
        id: c.id,
        name: c.name,
        enabled: c.enabled,
        stationIds: c.stationIds,
        levels: c.levels.map(toLevel),
        stopOnRecovery: c.stopOnRecovery,
        steps: steps
          .filter((s) => s.chainId === c.id)
          .map((s) => ({
            delayMinutes: s.delayMinutes,
            repeatMinutes: s.repeatMinutes,
            channels: s.channels,
            userIds: s.userIds,
            roleIds: s.roleIds,
          })),
        updateTime: c.updateTime.getTime(),
      })),
      quietHours: quiet.map(({ q, username, realName }) => ({
        userId: q.userId,
        userName: realName || username,
        startMinute: q.startMinute,
        endMinute: q.endMinute,
        timezone: q.timezone,
        allowCritical: q.allowCritical,
        enabled: q.enabled,
      })),
      rates: rates.map(({ r, stationName }) => ({ ...r, stationName })),
      defaultRate: { ...NOTIFY_DEFAULT_RATE },
      channels: this.engine.channelsOn(),
      users: userRows.map((u) => ({
        id: u.id,
        name: u.realName || u.username,
        hasEmail: Boolean(u.email?.trim()),
        hasPhone: Boolean(u.phone?.trim()),
      })),
      roles: roleRows,
      stations: stationRows,
    };
  }

  /** Adds or replaces a chain with its steps in one transaction; unknown users, roles or stations are refused. */
  async saveChain(b: NotifyChainBody): Promise<{ id: number }> {
    await this.assertKnown(b);
    return this.db.transaction(async (tx) => {
      const fields = {
        name: b.name,
        enabled: b.enabled,
        stationIds: [...new Set(b.stationIds)],
        levels: [...new Set(b.levels)],
        stopOnRecovery: b.stopOnRecovery,
        updateTime: new Date(),
      };
      let id: number;
      if (b.id === undefined) {
        const [row] = await tx.insert(notifyChains).values(fields).returning({ id: notifyChains.id });
        if (!row) throw new Error('chain not inserted');
        id = row.id;
      } else {
        const [row] = await tx
          .update(notifyChains)
          .set(fields)
          .where(eq(notifyChains.id, b.id))
          .returning({ id: notifyChains.id });
        if (!row) throw notFound();
        id = row.id;
        await tx.delete(notifySteps).where(eq(notifySteps.chainId, id));
      }
      await tx.insert(notifySteps).values(
        b.steps.map((s, position) => ({
          chainId: id,
          position,
          delayMinutes: s.delayMinutes,
          repeatMinutes: s.repeatMinutes,
          channels: [...new Set(s.channels)],
          userIds: [...new Set(s.userIds)],
          roleIds: [...new Set(s.roleIds)],
        })),
      );
      return { id };
    });
  }

  async deleteChain(id: number): Promise<null> {
    const rows = await this.db.delete(notifyChains).where(eq(notifyChains.id, id)).returning({ id: notifyChains.id });
    if (rows.length === 0) throw notFound();
    return null;
  }

  async saveQuiet(b: NotifyQuietBody): Promise<null> {
    const [u] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, b.userId));
    if (!u) throw badRequest('userId: unknown user');
    const { userId, ...rest } = b;
    await this.db.insert(notifyQuietHours).values(b).onConflictDoUpdate({ target: notifyQuietHours.userId, set: rest });
    return null;
  }

  async deleteQuiet(userId: number): Promise<null> {
    await this.db.delete(notifyQuietHours).where(eq(notifyQuietHours.userId, userId));
    return null;
  }

  async saveRate(b: NotifyRateBody): Promise<null> {
    const [s] = await this.db.select({ id: stations.id }).from(stations).where(eq(stations.id, b.stationId));
    if (!s) throw badRequest('stationId: unknown station');
    await this.db
      .insert(notifyRates)
      .values(b)
      .onConflictDoUpdate({
        target: notifyRates.stationId,
        set: { maxPerWindow: b.maxPerWindow, windowMinutes: b.windowMinutes },
      });
    return null;
  }

  async deleteRate(stationId: number): Promise<null> {
    await this.db.delete(notifyRates).where(eq(notifyRates.stationId, stationId));
    return null;
  }

  async logPage(b: NotifyLogPageBody) {
    const filters: SQL[] = [];
    if (b.stationId !== undefined) filters.push(eq(notifyLog.stationId, b.stationId));
    if (b.status) filters.push(eq(notifyLog.status, b.status));
    if (b.channel) filters.push(eq(notifyLog.channel, b.channel));
    const where = filters.length > 0 ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ l: notifyLog, stationName: stations.name, username: users.username, realName: users.realName })
        .from(notifyLog)
        .leftJoin(stations, eq(stations.id, notifyLog.stationId))
        .leftJoin(users, eq(users.id, notifyLog.userId))
        .where(where)
        .orderBy(desc(notifyLog.at), desc(notifyLog.id))
        .limit(b.pageSize)
        .offset((b.pageNum - 1) * b.pageSize),
      this.db.select({ n: count() }).from(notifyLog).where(where),
    ]);
    return {
      rows: rows.map(({ l, stationName, username, realName }) => ({
        ...l,
        at: l.at.getTime(),
        stationName,
        userName: realName || username,
      })),
      total: total?.n ?? 0,
    };
  }

  private async assertKnown(b: NotifyChainBody): Promise<void> {
    const userIds = [...new Set(b.steps.flatMap((s) => s.userIds))];
    const roleIds = [...new Set(b.steps.flatMap((s) => s.roleIds))];
    const stationIds = [...new Set(b.stationIds)];
    const [u, r, s] = await Promise.all([
      userIds.length ? this.db.select({ n: count() }).from(users).where(inArray(users.id, userIds)) : [{ n: 0 }],
      roleIds.length ? this.db.select({ n: count() }).from(roles).where(inArray(roles.id, roleIds)) : [{ n: 0 }],
      stationIds.length
        ? this.db.select({ n: count() }).from(stations).where(inArray(stations.id, stationIds))
        : [{ n: 0 }],
    ]);
    if ((u[0]?.n ?? 0) !== userIds.length) throw badRequest('steps.userIds: unknown user');
    if ((r[0]?.n ?? 0) !== roleIds.length) throw badRequest('steps.roleIds: unknown role');
    if ((s[0]?.n ?? 0) !== stationIds.length) throw badRequest('stationIds: unknown station');
  }
}
