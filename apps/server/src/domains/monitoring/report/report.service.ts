import type { MeterRole, StationReport, StationReportBody } from '@ess/contract';
import { addDays, datesBetween, localDateOf, localDayStart } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import type { StationRow } from '../../stations/station';
import { bucketMicro, dayRevenue, type EnergyService } from '../energy';
import { findTotalsDevice } from '../monitoring';
import { counterDays, dayExtremes, firstQuarter, heartbeatPoints, quartersPerDay } from './report.repository';
import {
  byMonth,
  dayFacts,
  emptyFacts,
  mergeFacts,
  type PeriodFacts,
  quartersBetween,
  toRow,
  withStorage,
} from './report-rows';

type CounterKey = 'pv' | 'load' | 'gridImport' | 'gridExport';

/** Which meter counter feeds which column (domain.md: forward = positive power, reverse = negative). */
const METER_COLUMNS: { key: CounterKey; role: MeterRole; counter: 'forward' | 'reverse' }[] = [
  { key: 'pv', role: 'pv', counter: 'forward' },
  { key: 'load', role: 'load', counter: 'forward' },
  { key: 'gridImport', role: 'gateway', counter: 'forward' },
  { key: 'gridExport', role: 'gateway', counter: 'reverse' },
];

/**
 * The station statistics report: per local day or month, charge and discharge with their TOU
 * revenue (the storage meter's 15-minute counter differences, each day under the template valid
 * on it, exactly as incomeData), PV, load
 * and grid energy (daily roll-up counter differences), the SOC range and the device online rate.
 */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
  ) {}

  async statistics(user: SessionUser, body: StationReportBody, now = Date.now()): Promise<StationReport> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const today = localDateOf(now, station.timezone);
    const to = body.to > today ? today : body.to;
    const from = body.from;
    const dates = from <= to ? datesBetween(from, to) : [];
    const facts = new Map<string, PeriodFacts>(dates.map((d) => [d, dayFacts()]));
    let deviceCount = 0;
    let currency: string | null = null;

    if (dates.length > 0) {
      currency = await this.addStorage(station, from, to, now, facts);
      await this.addMeters(station.id, from, to, facts);
      await this.addSoc(station.id, from, to, facts);
      deviceCount = await this.addCoverage(station, from, to, now, facts);
    }

    const days = [...facts];
    const groups = body.granularity === 'month' ? byMonth(days) : days;
    const total = days.reduce((acc, [, f]) => mergeFacts(acc, f), emptyFacts());
    return {
      stationId: station.id,
      stationCode: station.code,
      stationName: station.name,
      timezone: station.timezone,
      currency: currency ?? (await this.energy.templateToday(station, now))?.currency ?? 'CNY',
      granularity: body.granularity,
      from,
      to,
      deviceCount,
      rows: groups.map(([period, f]) => toRow(period, f)),
      total: toRow('total', total),
    };
  }

  /** Storage energy and revenue per day, each under the template valid on it; the newest template's currency. */
  private async addStorage(
    station: StationRow,
    from: string,
    to: string,
    now: number,
    facts: Map<string, PeriodFacts>,
  ): Promise<string | null> {
    const days = (await this.energy.pricedDays(station, from, to, now)) ?? [];
    for (const d of days) {
      const f = facts.get(d.date);
      if (!f) continue;
      if (!d.hasData) {
        facts.set(d.date, { ...f, storageExpected: d.coverage.expected });
        continue;
      }
      const stored = withStorage(f, d.charge, d.discharge, d.coverage);
      facts.set(d.date, { ...stored, hasData: true, revenue: dayRevenue(d) });
    }
    return days.findLast((d) => d.template !== null)?.template?.currency ?? null;
  }

  private async addMeters(stationId: number, from: string, to: string, facts: Map<string, PeriodFacts>) {
    const sources: { key: CounterKey; pointId: number }[] = [];
    const counters = new Map<MeterRole, Awaited<ReturnType<EnergyService['meterCounters']>>>();
    for (const c of METER_COLUMNS) {
      if (!counters.has(c.role)) counters.set(c.role, await this.energy.meterCounters(stationId, c.role));
      const pointId = counters.get(c.role)?.[c.counter];
      if (pointId) sources.push({ key: c.key, pointId });
    }
    const rows = await counterDays(
      this.db,
      sources.map((s) => s.pointId),
      from,
      to,
    );
    for (const r of rows) {
      const f = facts.get(r.day);
      if (!f) continue;
      f.hasData = true;
      for (const s of sources) if (s.pointId === r.p) f[s.key] = (f[s.key] ?? 0) + bucketMicro(r);
    }
  }

  private async addSoc(stationId: number, from: string, to: string, facts: Map<string, PeriodFacts>) {
    const soc = (await findTotalsDevice(this.db, stationId))?.pointIds.soc;
    if (soc === undefined) return;
    for (const r of await dayExtremes(this.db, soc, from, to)) {
      const f = facts.get(r.day);
      if (f) facts.set(r.day, { ...f, hasData: true, socMin: r.min, socMax: r.max });
    }
  }

  /** Online rate: heartbeat quarter-hours with data over those since the station first reported. */
  private async addCoverage(
    station: StationRow,
    from: string,
    to: string,
    now: number,
    facts: Map<string, PeriodFacts>,
  ): Promise<number> {
    const ids = await heartbeatPoints(this.db, station.id);
    const first = await firstQuarter(this.db, ids);
    if (first === null) return ids.length;
    const tz = station.timezone;
    const start = localDayStart(from, tz);
    const end = Math.min(localDayStart(addDays(to, 1), tz), now);
    const present = new Map((await quartersPerDay(this.db, ids, start, end, tz)).map((r) => [r.day, r.n]));
    for (const [date, f] of facts) {
      const window = quartersBetween(
        Math.max(localDayStart(date, tz), first),
        Math.min(localDayStart(addDays(date, 1), tz), now),
      );
      const n = present.get(date) ?? 0;
      facts.set(date, { ...f, hasData: f.hasData || n > 0, present: n, expected: window * ids.length });
    }
    return ids.length;
  }
}
