import { ResultCode, type SequenceStepInput, type SequenceTemplate, topicOf } from '@ess/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '../../../db/command-schema';
import { devices, points, stations } from '../../../db/schema';
import { sequenceRuns } from '../../../db/sequence-schema';
import {
  bearer,
  call,
  createTestApp,
  DEMO_PASSWORD,
  login,
  stationIdLookup,
  type TestContext,
} from '../../../test/harness';
import { answeringDevice, sealedPassword } from '../control/control.kit';

/**
 * Issue 20 finding 5: a step's value passes the point's range (and the station's rating) at
 * save and at run, and built-in and generic templates are read-only except to administrators.
 */

let ctx: TestContext;
let admin: string;
let operator: string;
/** JS-SZ01 (Jiangsu, 2,500 kW, two 1,250 kW PCS): in the operator's scope. */
let jiangsu: number;
/** GD-SZ01 (Guangdong): outside the operator's scope. */
let guangdong: number;
let pcs1: { id: number; sn: string; stationId: number; code: string };

const api = (token: string, method: 'POST' | 'PUT' | 'DELETE', path: string, body?: object, lang = 'en_US') =>
  method === 'DELETE'
    ? ctx.app.inject({ method, url: `/api/strategy/sequence${path}`, headers: bearer(token, lang) })
    : call(ctx.app, token, method, `/api/strategy/sequence${path}`, body, lang);

const stepOf = (name: string, s: Partial<SequenceStepInput>): SequenceStepInput => ({
  name,
  deviceType: 'pcs',
  pointCode: 'pSet',
  value: 0,
  timeoutS: 10,
  ...s,
});

const templatesAt = async (stationId: number, token = admin): Promise<SequenceTemplate[]> =>
  (await api(token, 'POST', '/templates', { stationId })).json().data;

async function builtIn(name: string): Promise<SequenceTemplate> {
  const t = (await templatesAt(jiangsu)).find((x) => x.builtIn && x.name.endsWith(name));
  if (!t) throw new Error(`no built-in template ${name}`);
  return t;
}

const commandCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(commands))[0]?.n ?? 0;

/** Sets the range of a point of the station's PCS (every PCS when `sn` is not given). */
async function pcsRange(code: string, min: number, max: number, sn?: string) {
  const db = ctx.database.db;
  const ids = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.stationId, jiangsu), eq(devices.type, 'pcs'), sn ? eq(devices.sn, sn) : undefined));
  for (const d of ids) {
    await db
      .update(points)
      .set({ min, max })
      .where(and(eq(points.deviceId, d.id), eq(points.code, code)));
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off', COMMAND_TIMEOUT_S: '5' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator', DEMO_PASSWORD);
  const idOf = await stationIdLookup(ctx.database.db);
  jiangsu = idOf('JS-SZ01');
  guangdong = idOf('GD-SZ01');
  const [first] = await ctx.database.db
    .select({ id: devices.id, sn: devices.sn, stationId: devices.stationId, code: stations.code })
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .where(and(eq(devices.stationId, jiangsu), eq(devices.type, 'pcs')))
    .orderBy(devices.sort, devices.id)
    .limit(1);
  if (!first) throw new Error('JS-SZ01 has no PCS');
  pcs1 = first;
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

describe('step values at save', () => {
  it('refuses a PCS pSet of 60,000 (range ±1,250) in a generic and in a station template, naming the step', async () => {
    const steps = [stepOf('ok', { value: 100 }), stepOf('too much', { value: 60_000 })];
    for (const stationId of [null, jiangsu]) {
      const res = await api(admin, 'POST', '/template/add', { name: 'x', stationId, steps });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, data: { field: 'steps[1].value' } });
    }
    const within = [stepOf('within 65,535 but not the point', { value: 2_000 })];
    const en = await api(admin, 'POST', '/template/add', { name: 'x', stationId: null, steps: within });
    expect(en.json().msg).toBe('Step 1: the value of Power setpoint must be between -1250 and 1250');
    const zh = await api(admin, 'POST', '/template/add', { name: 'x', stationId: null, steps: within }, 'zh_CN');
    expect(zh.json().msg).toBe('第1步：有功功率设定 的数值须在 -1250 到 1250 之间');
    const state = await api(admin, 'POST', '/template/add', {
      name: 'x',
      stationId: jiangsu,
      steps: [stepOf('start', { pointCode: 'startStop', value: 2 })],
    });
    expect(state.json().msg).toBe('Step 1: the value of Start/stop must be one of: 0 Stopped, 1 Running');
  });

  it("checks a station template against that station's own points", async () => {
    await pcsRange('pSet', -800, 800, pcs1.sn);
    try {
      const res = await api(admin, 'POST', '/template/add', {
        name: 'x',
        stationId: jiangsu,
        steps: [stepOf('PCS 1 power', { index: 1, value: 1_000 })],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Step 1: the value of Power setpoint must be between -800 and 800');
      // The same value at the second PCS, whose range is still ±1,250, is fine.
      const second = await api(admin, 'POST', '/template/add', {
        name: 'PCS 2 at 1,000',
        stationId: jiangsu,
        steps: [stepOf('PCS 2 power', { index: 2, value: 1_000 })],
      });
      expect(second.statusCode, second.body).toBe(200);
    } finally {
      await pcsRange('pSet', -1250, 1250);
    }
  });
});

describe('step values at run', () => {
  const run = async (templateId: number, token = admin, password?: string) =>
    api(token, 'POST', '/run', {
      templateId,
      stationId: jiangsu,
      ...(await sealedPassword(ctx.app, password)),
    });

  it('refuses a run when a point range narrowed since the save: 400 naming the step, no run, no command', async () => {
    const add = await api(admin, 'POST', '/template/add', {
      name: 'power 1,000',
      stationId: jiangsu,
      steps: [stepOf('start', { pointCode: 'startStop', value: 1 }), stepOf('power', { value: 1_000 })],
    });
    expect(add.statusCode, add.body).toBe(200);
    const id: number = add.json().data.id;
    await pcsRange('pSet', -500, 500);
    try {
      const runs = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(sequenceRuns);
      const before = await commandCount();
      const res = await run(id);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, data: { field: 'steps[1].value' } });
      expect(res.json().msg).toBe('Step 2: the value of Power setpoint must be between -500 and 500');
      expect(await commandCount()).toBe(before);
      const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(sequenceRuns);
      expect(after[0]?.n).toBe(runs[0]?.n);
    } finally {
      await pcsRange('pSet', -1250, 1250);
    }
  });

  it("refuses a run when the station's rated power was lowered below a power step", async () => {
    const add = await api(admin, 'POST', '/template/add', {
      name: 'power 1,200',
      stationId: jiangsu,
      steps: [stepOf('power', { value: 1_200 })],
    });
    const id: number = add.json().data.id;
    const db = ctx.database.db;
    await db.update(stations).set({ ratedPowerKw: 900 }).where(eq(stations.id, jiangsu));
    try {
      const before = await commandCount();
      const res = await run(id);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(
        "Step 1: the value of Power setpoint must be between -900 and 900: the station's rated power is 900 kW",
      );
      expect(await commandCount()).toBe(before);
    } finally {
      await db.update(stations).set({ ratedPowerKw: 2500 }).where(eq(stations.id, jiangsu));
    }
  });

  it('checks each step again right before sending it: a range narrowed during the run fails that step, unsent', async () => {
    const add = await api(admin, 'POST', '/template/add', {
      name: 'start then power',
      stationId: jiangsu,
      steps: [
        stepOf('start', { index: 1, pointCode: 'startStop', value: 1 }),
        stepOf('power', { index: 1, value: 1_000 }),
      ],
    });
    const id: number = add.json().data.id;
    // The PCS holds its answer to the first step until the range has narrowed.
    const device = await answeringDevice(ctx, pcs1, () => null);
    try {
      const started = new Date();
      const res = await run(id);
      expect(res.statusCode, res.body).toBe(200);
      const runId: number = res.json().data.id;
      await vi.waitFor(() => expect(device.received).toHaveLength(1));
      await pcsRange('pSet', -500, 500, pcs1.sn);
      const first = device.received[0];
      if (!first) throw new Error('no command received');
      await device.client.publishAsync(
        topicOf(pcs1.code, pcs1.sn, 'cmd/ack'),
        JSON.stringify({ id: first.id, status: 'success' }),
        { qos: 1 },
      );
      const ended = await vi.waitFor(
        async () => {
          const r = (
            await call(ctx.app, admin, 'GET', `/api/strategy/sequence/run/${runId}`, undefined, 'en_US')
          ).json().data;
          if (r.state === 'running') throw new Error('still running');
          return r;
        },
        { timeout: 10_000 },
      );
      expect(ended).toMatchObject({ state: 'failed', failedStep: 2 });
      expect(ended.steps[1]).toMatchObject({ state: 'failed', commandIds: [] });
      expect(ended.steps[1].message).toBe(`${pcs1.sn}: the value of pSet must be between -500 and 500`);
      const sent = await ctx.database.db
        .select({ id: commands.id })
        .from(commands)
        .where(and(eq(commands.deviceId, pcs1.id), gt(commands.createTime, started)));
      expect(sent).toHaveLength(1);
      expect(device.received).toHaveLength(1);
    } finally {
      await device.client.endAsync();
      await pcsRange('pSet', -1250, 1250);
    }
  });
});

describe('built-in and generic templates', () => {
  it("refuses an operator's edit and delete of the built-in templates (403); an administrator may", async () => {
    const start = await builtIn('Storage start');
    const stop = await builtIn('Storage stop');
    expect(start.editable).toBe(true);
    expect((await templatesAt(jiangsu, operator)).find((t) => t.id === start.id)?.editable).toBe(false);

    const standby = start.steps.map((s) => (s.pointCode === 'pSet' ? { ...s, value: 1_250 } : s));
    const edit = await api(operator, 'PUT', '/template/update', { ...start, steps: standby });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: ResultCode.FORBIDDEN, msg: 'Built-in template: copy it to edit' });
    const zh = await api(operator, 'PUT', '/template/update', { ...start, steps: standby }, 'zh_CN');
    expect(zh.json().msg).toBe('内置模板：请复制后再编辑');
    const del = await api(operator, 'DELETE', `/template/${stop.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().code).toBe(ResultCode.FORBIDDEN);
    expect((await builtIn('Storage start')).steps).toEqual(start.steps);
    expect((await builtIn('Storage stop')).id).toBe(stop.id);

    const byAdmin = await api(admin, 'PUT', '/template/update', {
      id: start.id,
      name: start.name,
      stationId: null,
      steps: start.steps,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('an operator copies a built-in template to their station, edits the copy, and no other station changes', async () => {
    const start = await builtIn('Storage start');
    const copy = await api(operator, 'POST', '/template/copy', { id: start.id, stationId: jiangsu });
    expect(copy.statusCode, copy.body).toBe(200);
    const copyId: number = copy.json().data.id;
    const mine = (await templatesAt(jiangsu, operator)).find((t) => t.id === copyId);
    expect(mine).toMatchObject({ name: start.name, stationId: jiangsu, builtIn: false, editable: true });
    expect(mine?.steps).toEqual(start.steps);

    const standby = start.steps.map((s) => (s.pointCode === 'pSet' ? { ...s, value: 1_250 } : s));
    const edit = await api(operator, 'PUT', '/template/update', {
      id: copyId,
      name: 'Storage start (Suzhou)',
      stationId: jiangsu,
      steps: standby,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await templatesAt(jiangsu, operator)).find((t) => t.id === copyId)?.steps).toEqual(standby);

    // Guangdong sees the built-in as it was, and not the copy.
    const there = await templatesAt(guangdong);
    expect(there.find((t) => t.id === start.id)?.steps).toEqual(start.steps);
    expect(there.some((t) => t.id === copyId)).toBe(false);
    // The operator may delete their copy.
    expect((await api(operator, 'DELETE', `/template/${copyId}`)).statusCode).toBe(200);
  });

  it('keeps generic templates and other stations out of an operator’s reach', async () => {
    const start = await builtIn('Storage start');
    const abroad = await api(operator, 'POST', '/template/copy', { id: start.id, stationId: guangdong });
    expect(abroad.statusCode).toBe(404);
    const generic = await api(operator, 'POST', '/template/add', {
      name: 'for everyone',
      stationId: null,
      steps: [stepOf('power', {})],
    });
    expect(generic.statusCode).toBe(403);
    expect(generic.json()).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: 'Only administrators add or change templates for every station: choose a station',
    });
    const own = await api(operator, 'POST', '/template/add', {
      name: 'mine',
      stationId: jiangsu,
      steps: [stepOf('power', {})],
    });
    expect(own.statusCode, own.body).toBe(200);
    const made: number = own.json().data.id;
    const widen = await api(operator, 'PUT', '/template/update', {
      id: made,
      name: 'mine for everyone',
      stationId: null,
      steps: [stepOf('power', {})],
    });
    expect(widen.statusCode).toBe(403);
    // An administrator's generic (not built-in) template: read-only to the operator too.
    const shared = await api(admin, 'POST', '/template/add', {
      name: 'shared',
      stationId: null,
      steps: [stepOf('power', {})],
    });
    const sharedId: number = shared.json().data.id;
    const change = await api(operator, 'PUT', '/template/update', {
      id: sharedId,
      name: 'changed',
      stationId: null,
      steps: [stepOf('power', {})],
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().msg).toBe('Template for every station: copy it to edit');
    // A template of a station outside the scope is as missing.
    const theirs = await api(admin, 'POST', '/template/add', {
      name: 'Guangdong only',
      stationId: guangdong,
      steps: [stepOf('power', {})],
    });
    const theirsId: number = theirs.json().data.id;
    expect((await api(operator, 'DELETE', `/template/${theirsId}`)).statusCode).toBe(404);
  });
});
