import type { reviewBody } from '@ess/contract';
import {
  addDays,
  DISPATCH_DEVIATION_DEFAULTS,
  datesBetween,
  isWholeDay,
  localDayStart,
  type ReviewDay,
  type ReviewRankingRow,
  type ReviewResult,
  zonedInstant,
} from '@ess/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { assertStationInScope, stationsInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import { severeAlarmSpans } from '../../alarms/alarm';
import { commandPage } from '../../control/command';
import { planFollowing } from '../../control/plan-curve';
import { toLocalDays } from '../../control/strategy';
import {
  auxiliaryDays,
  bucketMicro,
  type CounterDay,
  counterBuckets,
  counterDays,
  type EnergyService,
} from '../../monitoring/energy';
import { findTotalsDevice } from '../../monitoring/monitoring';
import type { StationRow } from '../../stations/device';
import { quarterBuckets } from '../../stations/point';
import { faultRepairSpans } from '../../workorder/order';
import { type CommandCounts, indicatorValues, scoreIndicators } from './indicators';

type Range = z.output<typeof reviewBody>;
const MICRO = 1_000_000;
/** Alarms of this level or more severe (1 critical, 2 major) make their hours lost. */
const LOST_ALARM_LEVEL = 2;
const kwh = (d: CounterDay | undefined): number | null => (d?.hasData ? d.micro / MICRO : null);

/**
 * Run reviews (docs/run-review.md): the nine indicators of spec 9 from the storage meter's
 * counters, the auxiliary counters and the command service's outcomes of one station.
 */
export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
    /** The dispatch deviation tolerance, % of rated power (DISPATCH_DEVIATION_PCT). */
    private readonly tolerancePct: number = DISPATCH_DEVIATION_DEFAULTS.pct,
  ) {}

  async score(user: SessionUser, body: Range, now = Date.now()): Promise<ReviewResult> {
    return this.stationScore(await assertStationInScope(this.db, user, body.stationId), body.from, body.to, now);
  }

  /** Every built station in the caller's scope, best total first (no score: last). */
  async ranking(user: SessionUser, from: string, to: string, now = Date.now()): Promise<{ rows: ReviewRankingRow[] }> {
    const rows: ReviewRankingRow[] = [];
    for (const station of (await stationsInScope(this.db, user)).filter((s) => s.type !== 'proposed')) {
      const r = await this.stationScore(station, from, to, now);
      rows.push({
        stationId: station.id,
        stationName: station.name,
        total: r.total,
        partial: r.partial,
        indicators: r.indicators,
      });
    }
    rows.sort((a, b) => (b.total ?? -1) - (a.total ?? -1) || a.stationId - b.stationId);
    return { rows };
  }

  private async stationScore(station: StationRow, from: string, to: string, now: number): Promise<ReviewResult> {
    const body = { from, to };
    const days = await this.days(station, body.from, body.to, now);
    const ended = days.filter((d) => localDayStart(addDays(d.date, 1), station.timezone) <= now);
    const periodHours = ended.reduce(
      (s, d) =>
        s + (localDayStart(addDays(d.date, 1), station.timezone) - localDayStart(d.date, station.timezone)) / 3.6e6,
      0,
    );
    const [commands, dispatch] = await Promise.all([
      this.commands(station, body.from, body.to),
      planFollowing(this.db, station, body.from, body.to, this.tolerancePct),
    ]);
    const input = {
      ratedPowerKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      days,
      periodHours,
      commands,
      dispatch,
    };
    const values = indicatorValues(input);
    const discharged = days.reduce((s, d) => s + (d.dischargeKwh ?? 0), 0);
    return {
      ...scoreIndicators(values, periodHours),
      ratedPowerKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      cycles: values.utilisation === null ? null : Math.round((discharged / station.capacityKwh) * 100) / 100,
      commands,
      dispatch: { ...dispatch, tolerancePct: this.tolerancePct },
      days,
    };
  }

  /** Each local day's energies, demonstrated power and the hours the storage meter was silent. */
  private async days(station: StationRow, from: string, to: string, now: number): Promise<ReviewDay[]> {
    const tz = station.timezone;
    const meter = await this.energy.meterCounters(station.id, 'storage');
    const side = (id: number | null | undefined) =>
      id == null ? Promise.resolve(null) : counterDays(this.db, station, [id], from, to, now);
    /** A counter's demonstrated power per day (largest quarter increase × 4) and the quarters it read. */
    const readings = async (id: number | null | undefined) => {
      const best = new Map<string, number>();
      const read = new Map<string, Set<number>>();
      if (id == null) return { best, read };
      const start = localDayStart(from, tz);
      for (const b of await counterBuckets(this.db, [id], start, localDayStart(addDays(to, 1), tz), tz)) {
        // The bucket before the range only carries the reading the first difference starts from.
        if (b.day < from) continue;
        best.set(b.day, Math.max(best.get(b.day) ?? 0, (bucketMicro(b) / MICRO) * 4));
        read.set(b.day, (read.get(b.day) ?? new Set()).add(b.minute));
      }
      return { best, read };
    };
    const spanFrom = localDayStart(from, tz);
    const spanTo = localDayStart(addDays(to, 1), tz);
    const [charge, discharge, aux, chargeRead, dischargeRead, soc, alarms, repairs] = await Promise.all([
      side(meter?.reverse),
      side(meter?.forward),
      auxiliaryDays(this.db, station, from, to, now),
      readings(meter?.reverse),
      readings(meter?.forward),
      this.socDays(station, from, to),
      severeAlarmSpans(this.db, station.id, spanFrom, spanTo, LOST_ALARM_LEVEL),
      faultRepairSpans(this.db, station.id, spanFrom, spanTo),
    ]);
    const peakC = chargeRead.best;
    const peakD = dischargeRead.best;
    const within = (spans: { start: number; end: number }[], t: number) => spans.some((x) => x.start <= t && t < x.end);
    return datesBetween(from, to).map((date, i) => {
      const c = charge?.[i];
      const d = discharge?.[i];
      const cov = c?.coverage ?? d?.coverage;
      const whole = !!c && !!d && isWholeDay(c.coverage) && isWholeDay(d.coverage);
      const offline = cov?.ended ? Math.max(0, cov.expected - cov.quarters) : 0;
      // The quarters the meter read, each lost to a severe alarm or else to an open fault repair.
      let alarm = 0;
      let repair = 0;
      for (const minute of cov?.ended ? (chargeRead.read.get(date) ?? dischargeRead.read.get(date) ?? []) : []) {
        const mid = zonedInstant(date, minute + 7.5, tz);
        if (mid > now) continue;
        if (within(alarms, mid)) alarm++;
        else if (within(repairs, mid)) repair++;
      }
      const lostQuarters = offline + alarm + repair;
      return {
        date,
        chargeKwh: kwh(c),
        dischargeKwh: kwh(d),
        auxKwh: kwh(aux?.[i]),
        maxChargeKw: peakC.get(date) ?? null,
        maxDischargeKw: peakD.get(date) ?? null,
        whole,
        lostHours: lostQuarters / 4,
        lostBy: { offline: offline / 4, alarm: alarm / 4, workOrder: repair / 4 },
        ...(soc.get(date) ?? { socStart: null, socEnd: null }),
      };
    });
  }

  /** Each day's SOC in its first and last quarter hour with a reading (station totals' 15-minute means). */
  private async socDays(
    station: StationRow,
    from: string,
    to: string,
  ): Promise<Map<string, { socStart: number | null; socEnd: number | null }>> {
    const out = new Map<string, { socStart: number | null; socEnd: number | null }>();
    const socId = (await findTotalsDevice(this.db, station.id))?.pointIds.soc;
    if (socId === undefined) return out;
    const start = localDayStart(from, station.timezone);
    const end = localDayStart(addDays(to, 1), station.timezone);
    const rows = await quarterBuckets(this.db, [socId], start, end - 1);
    const days = toLocalDays(
      (rows.find((r) => r.p === socId)?.b ?? []).map((x): [number, number] => [x[0], x[1]]),
      station.timezone,
    );
    for (const [date, values] of days) {
      const read = values.filter((v): v is number => v !== null);
      out.set(date, { socStart: read[0] ?? null, socEnd: read.at(-1) ?? null });
    }
    return out;
  }

  /** Commands answered in the range: delivered is not executing, so only their outcome counts. */
  private async commands(station: StationRow, from: string, to: string): Promise<CommandCounts> {
    const range = {
      from: localDayStart(from, station.timezone),
      to: localDayStart(addDays(to, 1), station.timezone) - 1,
    };
    const count = async (state: 'success' | 'failure' | 'timeout') =>
      (await commandPage(this.db, { stationId: station.id, state, ...range }, { pageNum: 1, pageSize: 1 }, 'zh_CN'))
        .total;
    const [success, failure, timeout] = await Promise.all([count('success'), count('failure'), count('timeout')]);
    return { success, failure, timeout };
  }
}
