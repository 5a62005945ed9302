import { randomBytes } from 'node:crypto';
import {
  DASHBOARD_PERMS,
  DASHBOARDS_PER_USER,
  type DashboardData,
  type DashboardRow,
  type DashboardWidget,
  type Lang,
  type PublicDashboard,
  ResultCode,
  type ShareableRole,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound, refusal } from '../../../lib/app-error';

import { sha256 } from '../../../lib/hash';
import type { SessionUser } from '../../../lib/types';
import { actingUser } from '../../access/auth';
import { enabledRoleIds } from '../../access/grants';
import { roleChoices } from '../../access/role';
import { userNames } from '../../access/user';
import { assertDeviceInScope } from '../../stations/device';
import { pointsByCodes } from '../../stations/point';
import { SharedResult } from '../monitoring';
import {
  type DashboardRecord,
  dashboardById,
  dashboardCount,
  dashboardOfToken,
  deleteDashboard,
  insertDashboard,
  nameTaken,
  replaceShares,
  updateDashboard,
  visibleDashboards,
} from './dashboard.repository';
import { readWidgets, type WidgetSources } from './widget-data';

/** How long a published dashboard's answer is shared by every viewer of its link. */
const PUBLIC_SHARE_MS = 2_000;

const gone = () => notFound('dashboardNotFound');

/**
 * Dashboards: each user's own, shared read-only with roles, published through a link. Every
 * station and device a widget names must be in the owner's scope when saved; reads go through
 * the reader's scope again (the viewer's, or for a link the owner's as it is now).
 */
export class DashboardService {
  private readonly published = new SharedResult<DashboardData>(PUBLIC_SHARE_MS);

  constructor(
    private readonly db: Db,
    private readonly sources: WidgetSources,
    private readonly clock: () => number = Date.now,
  ) {}

  async list(user: SessionUser): Promise<DashboardRow[]> {
    const rows = await visibleDashboards(this.db, user.userId, await enabledRoleIds(this.db, user.userId));
    const names = await userNames(
      this.db,
      rows.map((r) => r.ownerId),
    );
    return rows.map((r) => this.row(r, user, names));
  }

  async add(user: SessionUser, body: { name: string; widgets: DashboardWidget[] }): Promise<{ id: number }> {
    await this.assertWidgets(user, body.widgets);
    if ((await dashboardCount(this.db, user.userId)) >= DASHBOARDS_PER_USER) {
      throw refusal('dashboardLimit', 409, { max: DASHBOARDS_PER_USER });
    }
    if (await nameTaken(this.db, user.userId, body.name)) throw refusal('dashboardNameTaken', 409);
    return { id: await insertDashboard(this.db, { ownerId: user.userId, ...body }) };
  }

  async update(user: SessionUser, body: { id: number; name: string; widgets: DashboardWidget[] }): Promise<null> {
    await this.own(user, body.id);
    await this.assertWidgets(user, body.widgets);
    if (await nameTaken(this.db, user.userId, body.name, body.id)) throw refusal('dashboardNameTaken', 409);
    if (!(await updateDashboard(this.db, user.userId, body.id, { name: body.name, widgets: body.widgets }))) {
      throw gone();
    }
    return null;
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    if (!(await deleteDashboard(this.db, user.userId, id))) throw gone();
    return null;
  }

  /**
   * Shares one's own dashboard with roles the caller holds. Sharing grants no right or station
   * (members read it in their own scope); the rule keeps users from reaching roles they are not
   * part of. An administrator holds every right, so any role is theirs to share with.
   */
  async share(user: SessionUser, body: { id: number; roleIds: number[] }): Promise<null> {
    await this.own(user, body.id);
    const wanted = [...new Set(body.roleIds)];
    if (!user.isAdmin) {
      const held = new Set(await enabledRoleIds(this.db, user.userId));
      if (wanted.some((id) => !held.has(id))) throw refusal('dashboardRoleNotHeld', 403);
    }
    await replaceShares(this.db, body.id, wanted);
    return null;
  }

  shareableRoles(user: SessionUser, lang: Lang): Promise<ShareableRole[]> {
    return user.isAdmin
      ? roleChoices(this.db, lang, null)
      : enabledRoleIds(this.db, user.userId).then((ids) => roleChoices(this.db, lang, ids));
  }

  /** A new link: a random token shown once, its hash kept; the link before it stops working. */
  async publish(user: SessionUser, id: number): Promise<{ token: string; publishedAt: number }> {
    await this.own(user, id);
    const token = randomBytes(24).toString('base64url');
    const publishedAt = this.clock();
    await updateDashboard(this.db, user.userId, id, { tokenHash: sha256(token), publishedAt: new Date(publishedAt) });
    return { token, publishedAt };
  }

  async unpublish(user: SessionUser, id: number): Promise<null> {
    await this.own(user, id);
    await updateDashboard(this.db, user.userId, id, { tokenHash: null, publishedAt: null });
    return null;
  }

  /** What the widgets of a dashboard the caller owns or is shared show, in the caller's scope. */
  async data(user: SessionUser, id: number, lang: Lang): Promise<DashboardData> {
    const d = await dashboardById(this.db, id);
    const visible =
      d &&
      (d.ownerId === user.userId || (await enabledRoleIds(this.db, user.userId)).some((r) => d.roleIds.includes(r)));
    if (!d || !visible) throw gone();
    return readWidgets(this.sources, user, d.widgets, lang, this.clock());
  }

  /**
   * A published dashboard by its token, read as its owner is now: a link of an owner who is
   * disabled, gone or no longer allowed to publish shows nothing, like a revoked one.
   */
  async view(token: string, lang: Lang): Promise<PublicDashboard> {
    const d = await dashboardOfToken(this.db, sha256(token));
    if (!d) throw notFound('dashboardLinkInvalid');
    const owner = await actingUser(this.db, d.ownerId);
    if (!owner || !(owner.isAdmin || owner.perms.has(DASHBOARD_PERMS.publish))) {
      throw notFound('dashboardLinkInvalid');
    }
    // Every viewer of the link within a moment gets one reading (a wall of them costs one).
    const data = await this.published.get(`${d.id}:${lang}`, () =>
      readWidgets(this.sources, owner, d.widgets, lang, this.clock()),
    );
    return { name: d.name, widgets: d.widgets, data };
  }

  private row(r: DashboardRecord, user: SessionUser, names: ReadonlyMap<number, string>): DashboardRow {
    const mine = r.ownerId === user.userId;
    return {
      id: r.id,
      name: r.name,
      widgets: r.widgets,
      ownerId: r.ownerId,
      ownerName: names.get(r.ownerId) ?? '',
      mine,
      // Who else sees it and whether it has a link is the owner's business.
      roleIds: mine ? r.roleIds : [],
      publishedAt: mine ? (r.publishedAt?.getTime() ?? null) : null,
      updatedAt: r.updateTime.getTime(),
    };
  }

  private async own(user: SessionUser, id: number): Promise<DashboardRecord> {
    const d = await dashboardById(this.db, id);
    if (!d || d.ownerId !== user.userId) throw gone();
    return d;
  }

  /** Every station and device the widgets name is in the caller's scope; a curve's devices are its station's. */
  private async assertWidgets(user: SessionUser, widgets: readonly DashboardWidget[]): Promise<void> {
    const stationIds = new Set(widgets.flatMap((w) => ('stationId' in w && w.stationId !== null ? [w.stationId] : [])));
    for (const id of stationIds) await assertStationInScope(this.db, user, id);
    for (const w of widgets) {
      if (w.kind !== 'curve') continue;
      for (const deviceId of new Set(w.points.map((p) => p.deviceId))) {
        const { device, station } = await assertDeviceInScope(this.db, user, deviceId);
        if (station.id !== w.stationId) throw notFound('deviceNotFound');
        const codes = w.points.filter((p) => p.deviceId === deviceId).map((p) => p.code);
        const { missing } = await pointsByCodes(this.db, deviceId, codes);
        if (missing.length) {
          throw new AppError(400, ResultCode.BAD_REQUEST, 'unknownPoints', {
            codes: missing.join(', '),
            sn: device.sn,
          });
        }
      }
    }
  }
}
