import {
  CARBON_PERMS,
  type Lang,
  localClock,
  normalizeLang,
  ResultCode,
  STATEMENT_PERMS,
  SUBSCRIPTION_LIMITS,
  type SubscribedReport,
  type SubscriptionBody,
  type SubscriptionRow,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n/messages';
import { everyPeriod, type PeriodicJob } from '../../../kernel/periodic-job';
import { AppError, forbidden, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { actingUser } from '../../access/auth';
import { findUserById } from '../../access/user';
import { type EmailSender, logNotifications } from '../../alarms/notify';
import type { StationRow } from '../../stations/station';
import { type CarbonService, carbonEmpty, carbonFile } from '../carbon';
import type { StatementService } from './statement.service';
import { statementEmpty, statementFile } from './statement-file';
import {
  claimSubscriptionPeriod,
  countOf,
  deleteSubscription,
  enabledSubscriptions,
  insertSubscription,
  mySubscription,
  recordDelivery,
  type SubscriptionDbRow,
  subscriptionsOf,
  updateSubscription,
} from './subscription.repository';
import { duePeriod, type ReportPeriod } from './subscription-period';

const EVERY_MS = 60_000;
type Outcome = { status: 'sent' | 'failed'; detail: string | null };
/** A report made for a period: the attachment and the mail's text for the stations' names and the time. */
type MadeReport = {
  file: { bytes: Buffer; contentType: string; fileName: string };
  text: (stations: string, at: string) => string;
};

/** The right that exports the report by hand: subscribing to it, and each send, need it. */
const exportRight = (report: SubscribedReport): string =>
  report === 'carbon' ? CARBON_PERMS.export : STATEMENT_PERMS.export;

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(Math.floor(minute % 60)).padStart(2, '0')}`;

/**
 * Report subscriptions (issue 24 part 8): the earnings statement of a user's chosen stations,
 * mailed as an attachment once per period at a local hour. Each send acts as the subscriber
 * with their rights and scope as they are then (a station they may no longer see is not sent);
 * `claimSubscriptionPeriod` makes it once per period with several instances; every attempt goes
 * to the notification log like an alarm notice.
 */
export class SubscriptionService {
  private job: PeriodicJob | null = null;

  constructor(
    private readonly db: Db,
    private readonly statements: StatementService,
    private readonly carbon: CarbonService,
    private readonly mailer: EmailSender | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  async list(user: SessionUser): Promise<SubscriptionRow[]> {
    const [rows, me] = await Promise.all([subscriptionsOf(this.db, user.userId), findUserById(this.db, user.userId)]);
    const names = new Map<number, string>();
    for (const r of rows) {
      const visible = await this.statements.stationsOf(user, r.stationIds).catch(() => [] as StationRow[]);
      for (const s of visible) names.set(s.id, s.name);
    }
    return rows.map((r) => ({
      id: r.id,
      report: r.report,
      frequency: r.frequency,
      stationIds: r.stationIds,
      stationNames: r.stationIds.map((id) => names.get(id) ?? `#${id}`),
      format: r.format,
      hour: r.hour,
      timezone: r.timezone,
      enabled: r.enabled,
      email: me?.email?.trim() || null,
      lastPeriod: r.lastPeriod,
      lastSentAt: r.lastSentAt?.getTime() ?? null,
      lastStatus: r.lastStatus,
      lastDetail: r.lastDetail,
    }));
  }

  async add(user: SessionUser, b: SubscriptionBody): Promise<{ id: number }> {
    if ((await countOf(this.db, user.userId)) >= SUBSCRIPTION_LIMITS.perUser)
      throw new AppError(409, ResultCode.CONFLICT, 'subscriptionLimit', { max: SUBSCRIPTION_LIMITS.perUser });
    return { id: await insertSubscription(this.db, await this.values(user, b)) };
  }

  async update(user: SessionUser, b: SubscriptionBody & { id: number }): Promise<null> {
    await this.mine(user, b.id);
    await updateSubscription(this.db, b.id, await this.values(user, b));
    return null;
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    await this.mine(user, id);
    await deleteSubscription(this.db, id);
    return null;
  }

  /** The last ended period, sent now; the schedule's own delivery of it is not moved. */
  async sendNow(user: SessionUser, id: number): Promise<Outcome & { period: string }> {
    const sub = await this.mine(user, id);
    const period = duePeriod(sub.frequency, sub.hour, sub.timezone, this.clock());
    return { period: period.key, ...(await this.deliver(sub, period)) };
  }

  private async mine(user: SessionUser, id: number): Promise<SubscriptionDbRow> {
    const sub = await mySubscription(this.db, user.userId, id);
    if (!sub) throw notFound('subscriptionNotFound');
    return sub;
  }

  /**
   * The report must be one the caller may export (403) and the stations theirs (404 like a
   * missing one); the clock is the first station's.
   */
  private async values(user: SessionUser, b: SubscriptionBody) {
    if (!user.isAdmin && !user.perms.has(exportRight(b.report))) throw forbidden();
    const stations = await this.statements.stationsOf(user, b.stationIds);
    const timezone = stations[0]?.timezone ?? 'Asia/Shanghai';
    return { ...b, stationIds: stations.map((s) => s.id), userId: user.userId, timezone };
  }

  /** Runs once a minute on one instance; a failed run goes to `onError` (the log) and is tried next minute. */
  start(onError: (err: unknown) => void): void {
    this.job ??= everyPeriod(this.db, 'report-subscriptions', EVERY_MS, () => this.tick(), onError);
  }

  stop(): void {
    this.job?.stop();
    this.job = null;
  }

  /** Sends every subscription's period that came due and was not sent; returns how many were tried. */
  async tick(): Promise<number> {
    const now = this.clock();
    let tried = 0;
    for (const sub of await enabledSubscriptions(this.db)) {
      const period = duePeriod(sub.frequency, sub.hour, sub.timezone, now);
      if (sub.lastPeriod === period.key) continue;
      if (!(await claimSubscriptionPeriod(this.db, sub.id, period.key))) continue;
      await this.deliver(sub, period);
      tried++;
    }
    return tried;
  }

  private async deliver(sub: SubscriptionDbRow, period: ReportPeriod): Promise<Outcome> {
    const now = this.clock();
    const user = await findUserById(this.db, sub.userId);
    const lang: Lang = normalizeLang(user?.lang);
    const address = user?.email?.trim() || null;
    const acting = await actingUser(this.db, sub.userId);
    const subjectKey = sub.report === 'carbon' ? 'subscriptionCarbonSubject' : 'subscriptionSubject';
    const subjectOf = (stations: string) => translate(lang, subjectKey, { period: period.key, stations });
    const finish = async (
      o: Outcome,
      reason: 'report' | 'noAddress' | 'channelOff' | 'outOfScope' | 'error',
      subject: string,
    ) => {
      await recordDelivery(this.db, sub.id, new Date(now), o.status, o.detail);
      await logNotifications(this.db, [
        {
          at: now,
          stationId: sub.stationIds[0] ?? null,
          chainId: null,
          step: null,
          userId: sub.userId,
          channel: 'email',
          address,
          status: o.status,
          reason,
          subject,
          eventIds: [],
          detail: o.detail,
        },
      ]);
      return o;
    };
    const failed = (key: Parameters<typeof translate>[1]) => ({
      status: 'failed' as const,
      detail: translate(lang, key),
    });
    if (!address) return finish(failed('subscriptionNoEmail'), 'noAddress', subjectOf(''));
    if (!this.mailer) return finish(failed('subscriptionNoMail'), 'channelOff', subjectOf(''));
    if (!acting || (!acting.isAdmin && !acting.perms.has(exportRight(sub.report))))
      return finish(failed('subscriptionNoAccess'), 'outOfScope', subjectOf(''));
    const stations = await this.statements.stationsOf(acting, sub.stationIds).catch(() => null);
    if (!stations) return finish(failed('subscriptionNoAccess'), 'outOfScope', subjectOf(''));
    const names = stations.map((s) => s.name).join(', ');
    const subject = subjectOf(names);
    const clock = localClock(now, sub.timezone);
    const at = `${clock.date} ${hhmm(clock.minuteOfDay)} (${sub.timezone})`;
    try {
      const made =
        sub.report === 'carbon'
          ? await this.carbonReport(stations, sub, period, lang, now)
          : await this.statementReport(acting, sub, period, lang, now);
      if (!made) return finish(failed('subscriptionNoData'), 'error', subject);
      const { file } = made;
      const text = made.text(names, at);
      await this.mailer.send({
        userId: sub.userId,
        address,
        lang,
        subject,
        text,
        level: 4,
        at: now,
        attachments: [{ filename: file.fileName, content: file.bytes, contentType: file.contentType }],
      });
      return finish({ status: 'sent', detail: null }, 'report', subject);
    } catch (err) {
      // The mail server's words, never a credential: nodemailer's errors carry none.
      return finish(
        { status: 'failed', detail: err instanceof Error ? err.message.slice(0, 300) : String(err) },
        'error',
        subject,
      );
    }
  }

  /** The earnings statement of the period's month, to date, as the subscriber; null without energy. */
  private async statementReport(
    acting: SessionUser,
    sub: SubscriptionDbRow,
    period: ReportPeriod,
    lang: Lang,
    now: number,
  ): Promise<MadeReport | null> {
    const result = await this.statements.statement(acting, { stationIds: sub.stationIds, month: period.month }, now);
    if (statementEmpty(result)) return null;
    const partial = result.rows.some((r) => r.partial);
    return {
      file: await statementFile(result, period.month, sub.format, lang, now),
      text: (stations, at) =>
        translate(lang, 'subscriptionText', {
          month: period.month,
          stations,
          at,
          partial: partial ? translate(lang, 'subscriptionPartial') : '',
        }),
    };
  }

  /** The carbon report of the period's days for the stations in scope; null without any energy. */
  private async carbonReport(
    stations: StationRow[],
    sub: SubscriptionDbRow,
    period: ReportPeriod,
    lang: Lang,
    now: number,
  ): Promise<MadeReport | null> {
    const result = await this.carbon.figuresOf(stations, period, lang, now);
    if (carbonEmpty(result)) return null;
    const format = sub.format === 'pdf' ? 'xlsx' : sub.format;
    return {
      file: await carbonFile(result, period, format, lang),
      text: (names, at) =>
        translate(lang, 'subscriptionCarbonText', { from: period.from, to: period.to, stations: names, at }),
    };
  }
}
