import {
  addDays,
  HOSTING_DEFAULTS,
  type HostingDayDetail,
  type HostingDayRow,
  type HostingFallback,
  type HostingPlanBody,
  type HostingReviewBody,
  type HostingSettings,
  type HostingSettingsBody,
  type Lang,
  localDateOf,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../../db/client';
import { translate } from '../../../../i18n/messages';
import { everyPeriod, type PeriodicJob } from '../../../../kernel/periodic-job';
import { assertStationInScope } from '../../../../kernel/station-scope.service';
import { AppError, businessWarning, notFound } from '../../../../lib/app-error';
import type { FileAnswer } from '../../../../lib/endpoint-route';
import type { SessionUser } from '../../../../lib/types';
import type { AuthService } from '../../../access/auth';
import { findStation, type StationRow } from '../../../stations/station';
import type { CommandService } from '../../command';
import { readMessage } from '../../command';
import type { LoadForecastService } from '../load-forecast.service';
import {
  dayOf,
  dayPage,
  daysDue,
  enabledSettings,
  findDay,
  findSettings,
  type HostingDayDbRow,
  moveDay,
  putDay,
  saveSettings,
} from './hosting.repository';
import { HostingDelivery } from './hosting-delivery';
import { dayFigures } from './hosting-figures';
import { periodsOf, planOfDay } from './hosting-plan';
import { hostingSheet } from './hosting-sheet';

const EVERY_MS = 60_000;
const conflict = (key: 'hostingPlanExists' | 'hostingNotPending' | 'hostingDeadlinePassed', date = '') =>
  new AppError(409, ResultCode.CONFLICT, key, { date });

const FALLBACK_KEYS = {
  deadline: 'hostingFallbackDeadline',
  alarm: 'hostingFallbackAlarm',
  rejected: 'hostingFallbackRejected',
  deliveryFailed: 'hostingFallbackDelivery',
  noTariff: 'strategyNoTariff',
} as const satisfies Record<HostingFallback, string>;

/**
 * Strategy hosting (issue 24 part 7). Each enabled station gets tomorrow's plan before its
 * deadline; a reviewer approves or rejects it; at its start an approved plan goes to the EMS as
 * a plan curve (command service, plan lane). No approval by the deadline, a rejection, a failed
 * delivery or an alarm at or above the station's level puts the station back on its TOU rule
 * (EMS mode 1, sent only when a plan is in control) and the day says why. One instance runs
 * the minute's work (claimPeriod); the clock is injectable.
 */
export class HostingService {
  private job: PeriodicJob | null = null;
  private readonly delivery: HostingDelivery;

  constructor(
    private readonly db: Db,
    private readonly forecasts: LoadForecastService,
    private readonly auth: AuthService,
    commands: CommandService,
    private readonly clock: () => number = Date.now,
  ) {
    this.delivery = new HostingDelivery(db, commands);
  }

  async settings(user: SessionUser, stationId: number): Promise<HostingSettings> {
    const station = await assertStationInScope(this.db, user, stationId);
    return this.settingsOf(station.id);
  }

  async saveSettings(user: SessionUser, b: HostingSettingsBody): Promise<HostingSettings> {
    const station = await assertStationInScope(this.db, user, b.stationId);
    await saveSettings(this.db, { ...b, stationId: station.id, updatedBy: user.userId, updatedByName: user.username });
    return this.settingsOf(station.id);
  }

  private async settingsOf(stationId: number): Promise<HostingSettings> {
    const row = await findSettings(this.db, stationId);
    return {
      stationId,
      enabled: row?.enabled ?? false,
      deadline: row?.deadline ?? HOSTING_DEFAULTS.deadline,
      alarmLevel: row?.alarmLevel ?? HOSTING_DEFAULTS.alarmLevel,
      updatedBy: row?.updatedByName ?? null,
      updatedAt: row?.updateTime.getTime() ?? null,
    };
  }

  async page(
    user: SessionUser,
    q: { stationId: number; pageNum: number; pageSize: number; order?: 'asc' | 'desc' | undefined },
    lang: Lang,
  ): Promise<{ rows: HostingDayRow[]; total: number }> {
    const station = await assertStationInScope(this.db, user, q.stationId);
    let { rows, total } = await dayPage(this.db, station.id, q.pageNum, q.pageSize, q.order ?? 'desc');
    // A delivery the EMS has answered shows as it is, not at the runner's next minute.
    const delivering = rows.filter((r) => r.state === 'delivering');
    if (delivering.length > 0) {
      for (const r of delivering) await this.delivery.outcome(r, lang);
      ({ rows, total } = await dayPage(this.db, station.id, q.pageNum, q.pageSize, q.order ?? 'desc'));
    }
    const figures = await dayFigures(this.db, station, rows, this.clock());
    return { total, rows: rows.map((r) => this.toRow(r, figures.get(r.id), lang)) };
  }

  /** Every hosted day of the station as a workbook; none: spec 8 "export with no data found". */
  async export(user: SessionUser, stationId: number, lang: Lang): Promise<FileAnswer> {
    const station = await assertStationInScope(this.db, user, stationId);
    const { rows } = await this.page(user, { stationId: station.id, pageNum: 1, pageSize: 10_000 }, lang);
    if (rows.length === 0) throw businessWarning('exportNoData');
    const sheet = hostingSheet(rows, station.timezone, lang);
    return { format: 'xlsx', name: `${sheet.name}-${station.code}`, sheets: [sheet] };
  }

  async day(user: SessionUser, id: number, lang: Lang): Promise<HostingDayDetail> {
    const row = await findDay(this.db, id);
    if (!row) throw notFound('hostingDayNotFound');
    const station = await assertStationInScope(this.db, user, row.stationId).catch(() => {
      throw notFound('hostingDayNotFound');
    });
    const f = (await dayFigures(this.db, station, [row], this.clock())).get(row.id);
    return {
      ...this.toRow(row, f, lang),
      timezone: station.timezone,
      periods: await periodsOf(this.db, station.id, row.date),
      plan: row.plan,
      rule: row.rule,
      loadKw: row.loadKw,
      pvKw: row.pvKw,
      actualLoadKw: f?.actualLoadKw ?? row.loadKw.map(() => null),
    };
  }

  /** A plan of today (from now) or tomorrow, made now for review; an approved one stays. */
  async plan(user: SessionUser, b: HostingPlanBody, lang: Lang): Promise<HostingDayRow> {
    const station = await assertStationInScope(this.db, user, b.stationId);
    const now = this.clock();
    const today = localDateOf(now, station.timezone);
    const date = b.day === 'today' ? today : addDays(today, 1);
    const row = await this.makePlan(station, date, now);
    return this.toRow(row, undefined, lang);
  }

  private async makePlan(station: StationRow, date: string, now: number): Promise<HostingDayDbRow> {
    const existing = await dayOf(this.db, station.id, date);
    if (existing && ['approved', 'delivering', 'delivered'].includes(existing.state)) {
      throw conflict('hostingPlanExists', date);
    }
    const settings = await this.settingsOf(station.id);
    return putDay(this.db, await planOfDay(this.db, this.forecasts, station, date, settings.deadline, now));
  }

  async review(user: SessionUser, b: HostingReviewBody, ip: string, lang: Lang): Promise<HostingDayRow> {
    const row = await findDay(this.db, b.id);
    if (!row) throw notFound('hostingDayNotFound');
    await assertStationInScope(this.db, user, row.stationId).catch(() => {
      throw notFound('hostingDayNotFound');
    });
    if (b.approve) await this.auth.confirmPassword(user, { password: b.password, aesKey: b.aesKey, iv: b.iv }, { ip });
    if (row.state !== 'pending') throw conflict('hostingNotPending');
    const now = this.clock();
    if (row.deadlineAt.getTime() <= now) throw conflict('hostingDeadlinePassed');
    const review = {
      reviewerId: user.userId,
      reviewerName: user.username,
      opinion: b.opinion ?? '',
      reviewedAt: new Date(now),
    };
    const moved = await moveDay(
      this.db,
      row.id,
      ['pending'],
      b.approve ? { ...review, state: 'approved' } : { ...review, state: 'fallback', fallback: 'rejected' },
    );
    if (!moved) throw conflict('hostingNotPending');
    // A plan of today starts at once; a rejected day of today goes back to the rule at once.
    if (moved.startAt.getTime() <= now) await this.settle(moved, now, lang);
    return this.toRow((await findDay(this.db, row.id)) ?? moved, undefined, lang);
  }

  /** Runs once a minute on one instance; a failed run goes to `onError` (the log) and is tried next minute. */
  start(onError: (err: unknown) => void): void {
    this.job ??= everyPeriod(this.db, 'strategy-hosting', EVERY_MS, () => this.tick(), onError);
  }

  stop(): void {
    this.job?.stop();
    this.job = null;
  }

  /** The minute's work: tomorrow's plans, deadlines, starts and delivery outcomes. */
  async tick(lang: Lang = 'zh_CN'): Promise<void> {
    const now = this.clock();
    for (const s of await enabledSettings(this.db)) {
      const station = await findStation(this.db, s.stationId);
      if (!station) continue;
      const tomorrow = addDays(localDateOf(now, station.timezone), 1);
      if (!(await dayOf(this.db, station.id, tomorrow))) {
        // No tariff or no load history yet: tried again next minute, the page says why when asked.
        await this.makePlan(station, tomorrow, now).catch(() => undefined);
      }
    }
    for (const d of await daysDue(this.db, ['pending'], 'deadlineAt', new Date(now))) {
      await moveDay(this.db, d.id, ['pending'], { state: 'fallback', fallback: 'deadline' });
    }
    const started = await daysDue(this.db, ['approved', 'delivering', 'fallback'], 'startAt', new Date(now));
    for (const d of started) await this.settle(d, now, lang);
  }

  /** A started day: an approved plan delivered, a delivery's outcome read, a fallback day put on the rule. */
  private async settle(d: HostingDayDbRow, now: number, lang: Lang): Promise<void> {
    if (d.state === 'approved') {
      const settings = await this.settingsOf(d.stationId);
      await this.delivery.deliver(d, settings.alarmLevel, now, lang);
    } else if (d.state === 'delivering') {
      await this.delivery.outcome(d, lang);
    } else if (d.state === 'fallback' && d.ruleRestoredAt === null) {
      const settings = await findSettings(this.db, d.stationId);
      await this.delivery.restoreRule(d, d.reviewerId ?? settings?.updatedBy ?? null, now, lang);
    }
  }

  private toRow(
    r: HostingDayDbRow,
    f: Awaited<ReturnType<typeof dayFigures>> extends Map<number, infer F> ? F | undefined : never,
    lang: Lang,
  ): HostingDayRow {
    const ruleRevenue = r.rule.revenue;
    const reason =
      r.fallback === null
        ? null
        : r.fallback === 'deliveryFailed'
          ? translate(lang, 'hostingFallbackDelivery', { detail: readMessage(r.reason, lang) ?? '—' })
          : translate(lang, FALLBACK_KEYS[r.fallback], { level: r.reason ?? '', date: r.date });
    return {
      id: r.id,
      stationId: r.stationId,
      date: r.date,
      state: r.state,
      fallback: r.fallback,
      reason,
      deadlineAt: r.deadlineAt.getTime(),
      startAt: r.startAt.getTime(),
      soc0: r.soc0,
      socMeasured: r.socMeasured,
      expectedRevenue: r.plan.revenue,
      ruleRevenue,
      upliftPct: ruleRevenue !== 0 ? ((r.plan.revenue - ruleRevenue) / Math.abs(ruleRevenue)) * 100 : null,
      currency: r.currency,
      reviewer: r.reviewerName,
      opinion: r.opinion,
      reviewedAt: r.reviewedAt?.getTime() ?? null,
      commandId: r.commandId,
      deliveredAt: r.deliveredAt?.getTime() ?? null,
      createdAt: r.createTime.getTime(),
      actualRevenue: f?.actualRevenue ?? null,
      actualPartial: f?.partial ?? false,
      forecastErrorPct: f?.forecastErrorPct ?? null,
    };
  }
}
