import { randomBytes } from 'node:crypto';
import { DASHBOARD_PERMS, type FamilyView, localDateOf, localDayStart } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { notFound } from '../../../lib/app-error';
import { sha256 } from '../../../lib/hash';
import type { SessionUser } from '../../../lib/types';
import { actingUser } from '../../access/auth';
import type { StationRow } from '../../stations/device';
import { dayRevenue, type EnergyService, fromMicro, storageDayFigures } from '../energy';
import { readSummary, SharedResult } from '../monitoring';
import { deleteFamilyLink, familyLinkOf, familyLinkOfToken, putFamilyLink } from './family.repository';

/** How long a household view's answer is shared by every viewer of its link. */
const SHARE_MS = 2_000;

/**
 * The household view (/family): a residential station's PV, battery, load and grid now and
 * today, and the battery's savings, through one revocable link per station. The link is read as
 * the user who made it is now: disabled, without the publish right or the station in their scope,
 * it shows nothing.
 */
export class FamilyService {
  private readonly shared = new SharedResult<FamilyView>(SHARE_MS);

  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
    private readonly clock: () => number = Date.now,
  ) {}

  async link(stationId: number): Promise<{ stationId: number; publishedAt: number | null }> {
    const l = await familyLinkOf(this.db, stationId);
    return { stationId, publishedAt: l?.publishedAt.getTime() ?? null };
  }

  async publish(user: SessionUser, stationId: number): Promise<{ token: string; publishedAt: number }> {
    const token = randomBytes(24).toString('base64url');
    const publishedAt = this.clock();
    await putFamilyLink(this.db, {
      stationId,
      tokenHash: sha256(token),
      publishedBy: user.userId,
      publishedAt: new Date(publishedAt),
    });
    return { token, publishedAt };
  }

  async unpublish(stationId: number): Promise<null> {
    await deleteFamilyLink(this.db, stationId);
    return null;
  }

  async view(token: string): Promise<FamilyView> {
    const link = await familyLinkOfToken(this.db, sha256(token));
    const by = link ? await actingUser(this.db, link.publishedBy) : null;
    if (!link || !by || !(by.isAdmin || by.perms.has(DASHBOARD_PERMS.publish))) {
      throw notFound('dashboardLinkInvalid');
    }
    const station = await assertStationInScope(this.db, by, link.stationId).catch(() => {
      throw notFound('dashboardLinkInvalid');
    });
    return this.shared.get(String(station.id), () => this.read(station));
  }

  private async read(station: StationRow): Promise<FamilyView> {
    const now = this.clock();
    const tz = station.timezone;
    const today = localDateOf(now, tz);
    const [days, pv, grid, load, summary] = await Promise.all([
      this.energy.pricedDays(station, `${today.slice(0, 7)}-01`, today, now),
      this.energy.meterCounters(station.id, 'pv'),
      this.energy.meterCounters(station.id, 'gateway'),
      this.energy.meterCounters(station.id, 'load'),
      readSummary(this.db, station.id),
    ]);
    const ids = [pv?.forward, grid?.forward, grid?.reverse, load?.forward].filter((id): id is number => !!id);
    const since = await this.energy.increaseSince(ids, localDayStart(today, tz), tz);
    const kwh = (id: number | null | undefined) => (id ? fromMicro(since.get(id) ?? 0) : null);
    const day = days?.find((d) => d.date === today);
    const figures = storageDayFigures(day, day?.template?.prices ?? null);
    const month = days?.map(dayRevenue) ?? [];
    return {
      stationName: station.name,
      timezone: tz,
      date: today,
      ratedKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      summary,
      today: {
        pvKwh: kwh(pv?.forward),
        chargeKwh: figures.chargeKwh,
        dischargeKwh: figures.dischargeKwh,
        gridImportKwh: kwh(grid?.forward),
        gridExportKwh: kwh(grid?.reverse),
        loadKwh: kwh(load?.forward),
      },
      savingsToday: figures.revenue,
      savingsMonth: month.some((v) => v !== null) ? month.reduce<number>((s, v) => s + (v ?? 0), 0) : null,
      currency: day?.template?.currency ?? days?.at(-1)?.template?.currency ?? 'CNY',
    };
  }
}
