import {
  addDays,
  localDateOf,
  localDayStart,
  type StatementResult,
  type SubscriptionRow,
  zonedInstant,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifyLog } from '../../../db/notify-schema';
import { users } from '../../../db/schema';
import { ts15m } from '../../../db/telemetry-schema';
import { translate } from '../../../i18n/messages';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { readPdf, squash } from '../../../test/pdf-text';
import { emailFromEnv } from '../../alarms/notify';
import { startSmtpReceiver } from '../../alarms/notify/notify-receivers.kit';
import { EnergyService } from '../../monitoring/energy';
import { signInAll } from '../../stations/device/sessions.kit';
import { pointIdOf, quarterRow } from '../../stations/point/telemetry-fixtures.kit';
import { CarbonService } from '../carbon';
import { StatementService } from './statement.service';
import { SubscriptionService } from './subscription.service';

/**
 * Issue 24 part 8: the earnings statement by e-mail. A subscriber's daily statement arrives at
 * the local SMTP server once although two instances run the same minute, as a PDF attachment
 * holding the station's name; every delivery is in the notification log; a subscriber without
 * an address or past their scope gets nothing and the log says why.
 */
const STATION = 'JS-SZ01';
const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof signInAll>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let stationId: number;
let operatorId: number;
const today = localDateOf(Date.now(), TZ);
const yesterday = addDays(today, -1);

const post = (url: string, body: object, token = tokens.operator) => call(ctx.app, token, 'POST', url, body, 'en_US');
/** Two instances' senders on the one database, their clock at `at`. */
const instances = (at: number) => {
  const db = ctx.database.db;
  const make = () =>
    new SubscriptionService(
      db,
      new StatementService(db, new EnergyService(db)),
      new CarbonService(db, new EnergyService(db)),
      emailFromEnv(ctx.env),
      () => at,
    );
  return [make(), make()] as const;
};

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestApp({
    TELEMETRY: 'off',
    SIMULATOR: 'off',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: 'ESS reports <reports@ess.test>',
  });
  tokens = await signInAll(ctx.app);
  const db = ctx.database.db;
  stationId = (await stationIdLookup(db))(STATION);
  const [op] = await db
    .update(users)
    .set({ email: 'operator@ess.test' })
    .where(eq(users.username, 'operator'))
    .returning();
  operatorId = op?.id ?? 0;
  // Yesterday's storage metering: 8 h charging then 8 h discharging.
  const charge = await pointIdOf(db, `${STATION}-MTR-ES`, 'reverseEnergy');
  const discharge = await pointIdOf(db, `${STATION}-MTR-ES`, 'forwardEnergy');
  const start = localDayStart(yesterday, TZ);
  const rows: (typeof ts15m.$inferInsert)[] = [];
  let c = 1000;
  let d = 2000;
  for (let i = 0; i < 96; i++) {
    const dc = i < 32 ? 20 : 0;
    const dd = i >= 64 ? 18 : 0;
    rows.push(
      quarterRow(charge, start + i * QUARTER, c, c + dc),
      quarterRow(discharge, start + i * QUARTER, d, d + dd),
    );
    c += dc;
    d += dd;
  }
  await db.insert(ts15m).values(rows);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('report subscriptions', () => {
  let id: number;

  it('keeps a subscriber to their own stations and rights', async () => {
    const other = await post('/api/revenue/subscription/add', {
      frequency: 'daily',
      stationIds: [(await stationIdLookup(ctx.database.db))('GD-SZ01')],
      format: 'pdf',
      hour: 7,
    });
    expect(other.statusCode).toBe(404);
    const asMaintainer = await post('/api/revenue/subscription/list', {}, tokens.maintainer);
    expect(asMaintainer.statusCode).toBe(403);
    const add = await post('/api/revenue/subscription/add', {
      frequency: 'daily',
      stationIds: [stationId],
      format: 'pdf',
      hour: 7,
    });
    expect(add.statusCode).toBe(200);
    id = add.json().data.id;
    const list = (await post('/api/revenue/subscription/list', {})).json().data as SubscriptionRow[];
    expect(list).toEqual([
      expect.objectContaining({ id, frequency: 'daily', timezone: TZ, email: 'operator@ess.test', lastPeriod: null }),
    ]);
    // Another user's subscription is not theirs to change.
    expect((await post('/api/revenue/subscription/delete', { id }, tokens.admin)).statusCode).toBe(404);
  });

  it('arrives once with two instances, at the local hour, as a PDF with the station and totals', async () => {
    const at = zonedInstant(today, 7 * 60 + 1, TZ);
    const [a, b] = instances(at);
    const tried = await Promise.all([a.tick(), b.tick()]);
    expect(tried[0] + tried[1]).toBe(1);
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 10_000 });
    const mail = smtp.mails[0];
    expect(mail?.to).toEqual(['operator@ess.test']);
    expect(mail?.subject).toContain(yesterday);
    // The attachment: the PDF the export gives, read back.
    const part = /filename=(?:"?)([^";\r\n]+\.pdf)[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(mail?.raw ?? '');
    expect(part?.[1]).toMatch(/\.pdf$/);
    const pdf = Buffer.from((part?.[2] ?? '').replace(/\s+/g, ''), 'base64');
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const statement = (
      await post('/api/revenue/statement', { stationIds: [stationId], month: yesterday.slice(0, 7) })
    ).json().data as StatementResult;
    const text = squash((await readPdf(pdf)).pages.join(''));
    expect(text).toContain(squash(statement.rows[0]?.stationName ?? '?'));
    // A second minute with the period sent: nothing more.
    expect(await instances(at + 60_000)[0].tick()).toBe(0);
    expect(smtp.mails).toHaveLength(1);
    const logged = await ctx.database.db.select().from(notifyLog).where(eq(notifyLog.userId, operatorId));
    expect(logged).toEqual([expect.objectContaining({ channel: 'email', status: 'sent', reason: 'report' })]);
    const [row] = (await post('/api/revenue/subscription/list', {})).json().data as SubscriptionRow[];
    expect(row).toMatchObject({ lastPeriod: yesterday, lastStatus: 'sent' });
  });

  it('mails the carbon report of the period as Excel, never as PDF', async () => {
    // Sent at local midnight: yesterday is due whatever the hour this test runs.
    const body = { report: 'carbon', frequency: 'daily', stationIds: [stationId], format: 'pdf', hour: 0 };
    expect((await post('/api/revenue/subscription/add', body)).statusCode).toBe(400);
    const add = await post('/api/revenue/subscription/add', { ...body, format: 'xlsx' });
    expect(add.statusCode).toBe(200);
    const carbonId = add.json().data.id as number;
    const sent = await post('/api/revenue/subscription/send', { id: carbonId });
    expect(sent.json().data).toMatchObject({ period: yesterday, status: 'sent' });
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(2), { timeout: 10_000 });
    const mail = smtp.mails[1];
    // The subscriber's language (none set: the default) names the carbon report and the day.
    expect(
      mail?.subject.startsWith(
        translate('zh_CN', 'subscriptionCarbonSubject', { period: yesterday, stations: '' }).slice(0, -2),
      ),
    ).toBe(true);
    const part = /filename=(?:"?)([^";\r\n]+\.xlsx)[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(mail?.raw ?? '');
    expect(part?.[1]).toBe(`carbon-${yesterday}_${yesterday}.xlsx`);
    const book = new ExcelJS.Workbook();
    const raw = Buffer.from((part?.[2] ?? '').replace(/\s+/g, ''), 'base64');
    await book.xlsx.load(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((c) => cells.push(String(c.value)))));
    const [row] = ((await post('/api/revenue/subscription/list', {})).json().data as SubscriptionRow[]).filter(
      (r) => r.id === carbonId,
    );
    expect(row).toMatchObject({ report: 'carbon', format: 'xlsx', lastStatus: 'sent' });
    expect(cells.some((c) => c.includes(row?.stationNames[0] ?? '?'))).toBe(true);
    await post('/api/revenue/subscription/delete', { id: carbonId });
  });

  it('sends nothing to a subscriber without an address, and says so', async () => {
    await ctx.database.db.update(users).set({ email: null }).where(eq(users.id, operatorId));
    const res = await post('/api/revenue/subscription/send', { id });
    // In the subscriber's language, as the mail would have been (theirs is not set: the default).
    expect(res.json().data).toMatchObject({ status: 'failed', detail: translate('zh_CN', 'subscriptionNoEmail') });
    expect(smtp.mails).toHaveLength(2);
    const logged = await ctx.database.db.select().from(notifyLog).where(eq(notifyLog.userId, operatorId));
    expect(logged.map((l) => [l.status, l.reason])).toEqual([
      ['sent', 'report'],
      ['sent', 'report'],
      ['failed', 'noAddress'],
    ]);
  });
});
