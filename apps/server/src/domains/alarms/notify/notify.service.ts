import {
  type AlarmLevel,
  type Lang,
  NOTIFY_DEFAULT_RATE,
  type NotifyChainBody,
  type NotifyConfig,
  type NotifyLogPageBody,
  type NotifyQuietBody,
  type NotifyRateBody,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { badRequest, notFound } from '../../../lib/app-error';
import {
  countKnown,
  deleteChain,
  deleteQuiet,
  deleteRate,
  logPage,
  readSettings,
  saveChain,
  stationExists,
  upsertQuiet,
  upsertRate,
  userExists,
} from './notify.repository';
import type { NotifyEngine } from './notify-engine';

const toLevel = (n: number): AlarmLevel => (n === 1 || n === 2 || n === 3 ? n : 4);

/** The notification settings and log (/system/sms-configuration): admin-only by the endpoint table. */
export class NotifyService {
  constructor(
    private readonly db: Db,
    private readonly engine: Pick<NotifyEngine, 'channelsOn'>,
  ) {}

  /** The settings page's data; role names in the caller's language. */
  async config(lang: Lang): Promise<NotifyConfig> {
    const [chains, steps, quiet, rates, userRows, roleRows, stationRows] = await readSettings(this.db, lang);
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

  /** Adds or replaces a chain with its steps; unknown users, roles or stations are refused. */
  async saveChain(b: NotifyChainBody): Promise<{ id: number }> {
    await this.assertKnown(b);
    const id = await saveChain(this.db, b);
    if (id === null) {
      if (b.id !== undefined) throw notFound();
      throw new Error('chain not inserted');
    }
    return { id };
  }

  async deleteChain(id: number): Promise<null> {
    if (!(await deleteChain(this.db, id))) throw notFound();
    return null;
  }

  async saveQuiet(b: NotifyQuietBody): Promise<null> {
    if (!(await userExists(this.db, b.userId))) throw badRequest('userId: unknown user');
    await upsertQuiet(this.db, b);
    return null;
  }

  async deleteQuiet(userId: number): Promise<null> {
    await deleteQuiet(this.db, userId);
    return null;
  }

  async saveRate(b: NotifyRateBody): Promise<null> {
    if (!(await stationExists(this.db, b.stationId))) throw badRequest('stationId: unknown station');
    await upsertRate(this.db, b);
    return null;
  }

  async deleteRate(stationId: number): Promise<null> {
    await deleteRate(this.db, stationId);
    return null;
  }

  async logPage(b: NotifyLogPageBody) {
    const { rows, total } = await logPage(this.db, b);
    return {
      rows: rows.map(({ l, stationName, username, realName }) => ({
        ...l,
        at: l.at.getTime(),
        stationName,
        userName: realName || username,
      })),
      total,
    };
  }

  private async assertKnown(b: NotifyChainBody): Promise<void> {
    const ids = {
      users: [...new Set(b.steps.flatMap((s) => s.userIds))],
      roles: [...new Set(b.steps.flatMap((s) => s.roleIds))],
      stations: [...new Set(b.stationIds)],
    };
    const known = await countKnown(this.db, ids);
    if (known.users !== ids.users.length) throw badRequest('steps.userIds: unknown user');
    if (known.roles !== ids.roles.length) throw badRequest('steps.roleIds: unknown role');
    if (known.stations !== ids.stations.length) throw badRequest('stationIds: unknown station');
  }
}
