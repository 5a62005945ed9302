import {
  addDays,
  EXAMPLE_TOU_PRICES,
  EXAMPLE_TOU_SEGMENTS,
  localDateOf,
  type RateStationTemplates,
  type RateTemplateBody,
} from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { signInAll } from '../../stations/device/sessions.kit';

/**
 * Issue 24 part 1: the price configuration page's calls. A station's operator adds price versions
 * (a new template and its assignment in one step) from today or later, withdraws one that has not
 * begun, and never changes a day already priced; names and numbers stay unique.
 */
const STATION = 'JS-SZ01';
const TZ = 'Asia/Shanghai';
let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof signInAll>>;
let sid: (code: string) => number;

const template = (code: string, over: Partial<RateTemplateBody> = {}): RateTemplateBody => ({
  code,
  name: `Prices ${code}`,
  electricityType: 'commercial',
  currency: 'CNY',
  segments: EXAMPLE_TOU_SEGMENTS,
  prices: { ...EXAMPLE_TOU_PRICES, peak: 0.95 },
  validFrom: null,
  validTo: null,
  enabled: true,
  ...over,
});
const post = (url: string, body: object, token = tokens.operator) => call(ctx.app, token, 'POST', url, body);
const version = (body: object, token = tokens.operator) => post('/api/business/rate/station/version', body, token);
const held = async (stationId = sid(STATION)) =>
  (await post('/api/business/rate/station', { stationId })).json().data as RateStationTemplates;
const today = () => localDateOf(Date.now(), TZ);

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

describe('price versions of a station', () => {
  it('adds a version priced from today: it is in force at once, the earlier days keep theirs', async () => {
    const before = await held();
    const res = await version({ stationId: sid(STATION), template: template('PV-1') });
    expect(res.statusCode).toBe(200);
    const { templateId } = res.json().data as { templateId: number };
    const after = await held();
    expect(after.currentId).toBe(templateId);
    expect(after.assignments.at(-1)).toMatchObject({ templateId, validFrom: today() });
    // What priced the days before today is still there, unchanged.
    expect(after.assignments.slice(0, -1).map((a) => a.templateId)).toEqual(
      before.assignments.filter((a) => a.validFrom === null || a.validFrom < today()).map((a) => a.templateId),
    );
  });

  it('refuses a past start, a taken number or name, and an invalid template, naming why', async () => {
    const past = await version({
      stationId: sid(STATION),
      validFrom: addDays(today(), -1),
      template: template('PV-2'),
    });
    expect(past.statusCode).toBe(409);
    expect(past.json().msg).toContain(today());
    const code = await version({ stationId: sid(STATION), template: template('PV-1', { name: 'Another' }) });
    expect(code.statusCode).toBe(409);
    expect(code.json().msg).toContain('PV-1');
    const name = await version({ stationId: sid(STATION), template: template('PV-3', { name: ' prices pv-1 ' }) });
    expect(name.statusCode).toBe(409);
    // The same rule on /system/rate.
    const add = await post('/api/business/rate/add', template('PV-4', { name: 'Prices PV-1' }), tokens.admin);
    expect(add.statusCode).toBe(409);
    const bad = await version({ stationId: sid(STATION), template: template('PV-5', { segments: [] }) });
    expect(bad.statusCode).toBe(400);
  });

  it('withdraws a version that has not begun; one that priced today stays', async () => {
    const tomorrow = addDays(today(), 1);
    const res = await version({ stationId: sid(STATION), validFrom: tomorrow, template: template('PV-6') });
    expect(res.statusCode).toBe(200);
    const scheduled = (await held()).assignments.find((a) => a.validFrom === tomorrow);
    if (!scheduled) throw new Error('no scheduled version');
    const current = (await held()).currentAssignmentId ?? 0;
    const begun = await post('/api/business/rate/station/unassign', { stationId: sid(STATION), assignmentId: current });
    expect(begun.statusCode).toBe(409);
    const gone = await post('/api/business/rate/station/unassign', {
      stationId: sid(STATION),
      assignmentId: scheduled.id,
    });
    expect(gone.statusCode).toBe(200);
    expect((await held()).assignments.some((a) => a.id === scheduled.id)).toBe(false);
    const again = await post('/api/business/rate/station/unassign', {
      stationId: sid(STATION),
      assignmentId: scheduled.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps to the caller’s stations and rights', async () => {
    // The operator's scope is Jiangsu: a Guangdong station is not found.
    expect((await version({ stationId: sid('GD-SZ01'), template: template('PV-7') })).statusCode).toBe(404);
    // The manager reads the page but adds nothing.
    expect((await held()).stationId).toBe(sid(STATION));
    expect((await post('/api/business/rate/station', { stationId: sid(STATION) }, tokens.manager)).statusCode).toBe(
      200,
    );
    expect((await version({ stationId: sid(STATION), template: template('PV-8') }, tokens.manager)).statusCode).toBe(
      403,
    );
    expect((await version({ stationId: sid(STATION), template: template('PV-9') }, tokens.maintainer)).statusCode).toBe(
      403,
    );
  });
});
