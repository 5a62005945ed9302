import { type PlanCurveSegment, type PlanCurveTemplate, planCurveApi, ResultCode } from '@ess/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../../db/command-schema';
import { planDeliveries } from '../../../db/plan-curve-schema';
import { stations } from '../../../db/schema';
import { call, createTestApp, DEMO_PASSWORD, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { sealedPassword } from '../control/control.kit';

/**
 * Issue 20 finding 5: a segment's power is the EMS's station setpoint, checked against the
 * station's rated power at save and at delivery; shared templates are read-only except to
 * administrators, who alone add them; others copy one to their station to edit it.
 */

let ctx: TestContext;
let admin: string;
let operator: string;
/** JS-SZ01 2,500 kW and JS-NJ01 1,000 kW (Jiangsu, the operator's); GD-SZ01 (Guangdong, not theirs). */
let suzhou: number;
let nanjing: number;
let guangdong: number;

const post = (token: string, path: string, body: object, lang = 'en_US') =>
  call(ctx.app, token, 'POST', `/api${path}`, body, lang);

const seg = (start: string, end: string, powerKw: number): PlanCurveSegment => ({
  start,
  end,
  powerKw,
  socMin: 10,
  socMax: 90,
});

let serial = 0;
async function add(token: string, stationId: number | null, segments: PlanCurveSegment[]) {
  serial += 1;
  return post(token, planCurveApi.add.path, { code: `G${serial}`, name: `Plan ${serial}`, stationId, segments });
}
const template = (res: { json: () => { data: PlanCurveTemplate } }) => res.json().data;

const count = async (table: typeof commands | typeof planDeliveries) =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator', DEMO_PASSWORD);
  const idOf = await stationIdLookup(ctx.database.db);
  suzhou = idOf('JS-SZ01');
  nanjing = idOf('JS-NJ01');
  guangdong = idOf('GD-SZ01');
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

describe('segment power against rated power', () => {
  it("refuses at save a station template's segment over the station's rated power, naming the segment", async () => {
    const res = await add(operator, nanjing, [seg('00:00', '08:00', -500), seg('08:00', '12:00', 1_200)]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, data: { field: 'segments[1].powerKw' } });
    expect(res.json().msg).toBe(
      "Segment 2 (08:00–12:00): the value of Station power setpoint must be between -1000 and 1000: the station's rated power is 1000 kW",
    );
    const zh = await post(
      operator,
      planCurveApi.add.path,
      {
        code: 'ZH',
        name: 'zh',
        stationId: nanjing,
        segments: [seg('08:00', '12:00', -1_200)],
      },
      'zh_CN',
    );
    expect(zh.json().msg).toBe(
      '第1时段（08:00–12:00）：站有功功率设定 的数值须在 -1000 到 1000 之间（电站额定功率 1000 kW）',
    );
    const ok = await add(operator, nanjing, [seg('08:00', '12:00', 1_000)]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(template(ok)).toMatchObject({ stationId: nanjing, editable: true });
  });

  it('refuses at delivery, per station, a segment over one station’s rated power: nothing is sent', async () => {
    const shared = template(await add(admin, null, [seg('08:00', '12:00', 2_000)]));
    const [commandsBefore, deliveriesBefore] = [await count(commands), await count(planDeliveries)];
    const res = await post(admin, planCurveApi.deliver.path, {
      templateId: shared.id,
      stationIds: [suzhou, nanjing],
      modifyTime: shared.modifyTime,
      ...(await sealedPassword(ctx.app)),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ data: { field: 'segments[0].powerKw', stationId: nanjing } });
    expect(res.json().msg).toBe(
      "南京江宁储能电站, segment 1 (08:00–12:00): the value of Station power setpoint must be between -1000 and 1000: the station's rated power is 1000 kW",
    );
    expect([await count(commands), await count(planDeliveries)]).toEqual([commandsBefore, deliveriesBefore]);

    // Within the 2,500 kW station's rating it goes.
    const ok = await post(admin, planCurveApi.deliver.path, {
      templateId: shared.id,
      stationIds: [suzhou],
      modifyTime: shared.modifyTime,
      ...(await sealedPassword(ctx.app)),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.stations[0].commandId).toEqual(expect.any(Number));
  });

  it("refuses at delivery a template whose station's rating was lowered since the save", async () => {
    const own = template(await add(admin, nanjing, [seg('08:00', '12:00', 900)]));
    await ctx.database.db.update(stations).set({ ratedPowerKw: 800 }).where(eq(stations.id, nanjing));
    try {
      const before = await count(commands);
      const res = await post(admin, planCurveApi.deliver.path, {
        templateId: own.id,
        stationIds: [nanjing],
        modifyTime: own.modifyTime,
        ...(await sealedPassword(ctx.app)),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain("the station's rated power is 800 kW");
      expect(await count(commands)).toBe(before);
    } finally {
      await ctx.database.db.update(stations).set({ ratedPowerKw: 1000 }).where(eq(stations.id, nanjing));
    }
  });

  it("delivers a station's template to that station only", async () => {
    const own = template(await add(admin, nanjing, [seg('08:00', '12:00', 500)]));
    const res = await post(admin, planCurveApi.deliver.path, {
      templateId: own.id,
      stationIds: [nanjing, suzhou],
      modifyTime: own.modifyTime,
      ...(await sealedPassword(ctx.app)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This template belongs to 南京江宁储能电站: deliver it there only');
  });
});

describe('shared templates', () => {
  it("refuses an operator's change, enablement and deletion of a shared template (403); an administrator may", async () => {
    const shared = template(await add(admin, null, [seg('08:00', '12:00', 500)]));
    const listed = (await post(operator, planCurveApi.page.path, { pageNum: 1, pageSize: 100 })).json().data.rows;
    expect(listed.find((t: PlanCurveTemplate) => t.id === shared.id)).toMatchObject({
      stationId: null,
      editable: false,
    });
    const body = { id: shared.id, code: shared.code, name: 'changed', stationId: null, segments: shared.segments };
    const update = await post(operator, planCurveApi.update.path, body);
    expect(update.statusCode).toBe(403);
    expect(update.json()).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: 'Template for every station: copy it to edit',
    });
    expect((await post(operator, planCurveApi.setEnabled.path, { id: shared.id, enabled: false })).statusCode).toBe(
      403,
    );
    expect((await post(operator, planCurveApi.remove.path, { id: shared.id })).statusCode).toBe(403);
    const added = await add(operator, null, [seg('08:00', '12:00', 500)]);
    expect(added.statusCode).toBe(403);
    expect(added.json().msg).toBe('Only administrators add or change templates for every station: choose a station');

    expect((await post(admin, planCurveApi.update.path, body)).statusCode).toBe(200);
    expect((await post(admin, planCurveApi.setEnabled.path, { id: shared.id, enabled: false })).statusCode).toBe(200);
    expect((await post(admin, planCurveApi.remove.path, { id: shared.id })).statusCode).toBe(200);
  });

  it('an operator copies a shared template to their station and edits the copy; the shared one stays', async () => {
    const shared = template(await add(admin, null, [seg('08:00', '12:00', 2_000)]));
    // Copying is saving: the copy is checked against the station's rating.
    const tooBig = await post(operator, planCurveApi.copy.path, { id: shared.id, stationId: nanjing });
    expect(tooBig.statusCode).toBe(400);
    expect((await post(operator, planCurveApi.copy.path, { id: shared.id, stationId: guangdong })).statusCode).toBe(
      404,
    );
    const res = await post(operator, planCurveApi.copy.path, { id: shared.id, stationId: suzhou });
    expect(res.statusCode, res.body).toBe(200);
    const copy = template(res);
    expect(copy).toMatchObject({ stationId: suzhou, name: shared.name, segments: shared.segments, editable: true });
    expect(copy.code).not.toBe(shared.code);
    const edit = await post(operator, planCurveApi.update.path, {
      id: copy.id,
      code: copy.code,
      name: 'mine',
      stationId: suzhou,
      segments: [seg('08:00', '12:00', 2_400)],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const again = (await post(admin, planCurveApi.detail.path, { id: shared.id })).json().data;
    expect(again.segments).toEqual(shared.segments);
    expect(again.modifyTime).toBe(shared.modifyTime);
  });

  it("hides another station's template from an operator", async () => {
    const theirs = template(await add(admin, guangdong, [seg('08:00', '12:00', 500)]));
    expect((await post(operator, planCurveApi.detail.path, { id: theirs.id })).statusCode).toBe(404);
    const rows = (await post(operator, planCurveApi.page.path, { pageNum: 1, pageSize: 100 })).json().data.rows;
    expect(rows.some((t: PlanCurveTemplate) => t.id === theirs.id)).toBe(false);
    expect((await post(operator, planCurveApi.remove.path, { id: theirs.id })).statusCode).toBe(404);
  });
});
