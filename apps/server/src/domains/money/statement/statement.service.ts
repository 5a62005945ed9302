import {
  addDays,
  addMonths,
  DEFAULT_SETTLEMENT_RATIO,
  localDateOf,
  type StatementBody,
  type StatementResult,
  type StatementRow,
  type settlementRatioList,
} from '@ess/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { assertStationInScope, stationsInScope } from '../../../kernel/station-scope.service';
import { notFound, refusal } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { EnergyService, PricedDay } from '../../monitoring/energy';
import type { StationRow } from '../../stations/device';
import { deleteRatio, ratiosOf, upsertRatio } from './statement.repository';
import { ratioFor, settle, stationFigures, toCent } from './statement-figures';

/** The last day of a YYYY-MM month. */
const monthEnd = (month: string): string => addDays(addMonths(`${month}-01`, 1), -1);

/**
 * Earnings statements (docs/statement.md): per station and local calendar month, the energy
 * and money the earnings glance shows for the same days (the energy module's `pricedDays`, priced
 * by the rate lookup), split between owner and investor by the ratio in force for the month.
 */
export class StatementService {
  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
  ) {}

  /** The stations asked for, in the order asked; one outside the caller's scope answers 404. */
  async stationsOf(user: SessionUser, ids: number[]): Promise<StationRow[]> {
    const scope = new Map((await stationsInScope(this.db, user)).map((s) => [s.id, s]));
    return [...new Set(ids)].map((id) => {
      const s = scope.get(id);
      if (!s) throw notFound('stationNotFound');
      return s;
    });
  }

  async statement(user: SessionUser, body: StatementBody, now = Date.now()): Promise<StatementResult> {
    const stations = await this.stationsOf(user, body.stationIds);
    const ratios = await ratiosOf(
      this.db,
      stations.map((s) => s.id),
    );
    // Stations whose month ends on the same local day share one read of their counters.
    const from = `${body.month}-01`;
    const end = monthEnd(body.month);
    const toOf = (s: StationRow) => {
      const today = localDateOf(now, s.timezone);
      return today < end ? today : end;
    };
    const days = new Map<number, PricedDay[] | null>();
    for (const to of new Set(stations.map(toOf))) {
      if (to < from) continue;
      const group = stations.filter((s) => toOf(s) === to);
      for (const [id, d] of await this.energy.pricedDaysOf(group, from, to, now)) days.set(id, d);
    }
    const rows: StatementRow[] = stations.map((station) => {
      const to = toOf(station);
      const figures = stationFigures(days.get(station.id) ?? []);
      const settlementRatio = ratioFor(ratios.get(station.id) ?? [], body.month, DEFAULT_SETTLEMENT_RATIO);
      return {
        stationId: station.id,
        stationName: station.name,
        timeZone: station.timezone,
        ...figures,
        settlementRatio,
        ...settle(figures.revenue, settlementRatio),
        from,
        to: to < from ? from : to,
        partial: to < end,
      };
    });
    const sum = (pick: (r: StatementRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
    return {
      rows,
      total: {
        chargeKwh: sum((r) => r.chargeKwh),
        dischargeKwh: sum((r) => r.dischargeKwh),
        revenue: toCent(sum((r) => r.revenue)),
        chargeCost: toCent(sum((r) => r.chargeCost)),
        dischargeIncome: toCent(sum((r) => r.dischargeIncome)),
        ownerShare: toCent(sum((r) => r.ownerShare)),
        investorShare: toCent(sum((r) => r.investorShare)),
      },
    };
  }

  async ratios(user: SessionUser, stationId: number): Promise<z.infer<typeof settlementRatioList>> {
    await assertStationInScope(this.db, user, stationId);
    const rows = (await ratiosOf(this.db, [stationId])).get(stationId) ?? [];
    return rows.map((r) => ({
      stationId: r.stationId,
      fromMonth: r.fromMonth,
      ratio: r.ratio,
      updateBy: r.updateBy,
      updateTime: r.updateTime.getTime(),
    }));
  }

  /** Past money stays as earned: a ratio can start only in the station's current month or later. */
  private async openMonth(user: SessionUser, stationId: number, fromMonth: string, now: number): Promise<void> {
    const station = await assertStationInScope(this.db, user, stationId);
    const current = localDateOf(now, station.timezone).slice(0, 7);
    if (fromMonth < current) throw refusal('settlementMonthEnded', 409, { month: fromMonth });
  }

  async setRatio(
    user: SessionUser,
    v: { stationId: number; fromMonth: string; ratio: number },
    now = Date.now(),
  ): Promise<null> {
    await this.openMonth(user, v.stationId, v.fromMonth, now);
    await upsertRatio(this.db, { ...v, updateBy: user.username });
    return null;
  }

  async deleteRatio(user: SessionUser, v: { stationId: number; fromMonth: string }, now = Date.now()): Promise<null> {
    await this.openMonth(user, v.stationId, v.fromMonth, now);
    if (!(await deleteRatio(this.db, v.stationId, v.fromMonth))) throw notFound('settlementRatioNotFound');
    return null;
  }
}
