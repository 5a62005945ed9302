import { LIVE_PATH, type LiveServerMessage, type SequenceRun, type SequenceStepInput, sealSecret } from '@ess/contract';
import { type Simulation, startSimulation } from '@ess/simulator';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { commands } from '../../../db/command-schema';
import { devices, stations } from '../../../db/schema';
import { sequenceRunSteps, sequenceRuns } from '../../../db/sequence-schema';
import { operatingStations } from '../../../simulation/demo-simulation';
import {
  ADMIN_PASSWORD,
  bearer,
  call,
  createTestApp,
  deviceCredentials,
  login,
  publicKeyOf,
  type TestContext,
} from '../../../test/harness';

/** The platform gives up on an unanswered command after this long. */
const COMMAND_TIMEOUT_S = 3;

let ctx: TestContext;
let token: string;
let sim: Simulation;
let simStopped = false;
let station: { id: number; code: string };
let pcs: { id: number; sn: string }[];
let ems: { id: number; sn: string };
const live: LiveServerMessage[] = [];
let socket: WebSocket;

const password = async (pwd = ADMIN_PASSWORD) => {
  const s = await sealSecret(await publicKeyOf(ctx.app), pwd);
  return { password: s.cipher, aesKey: s.aesKey, iv: s.iv };
};

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, lang = 'en_US') =>
  method === 'DELETE'
    ? ctx.app.inject({ method, url: `/api/strategy/sequence${path}`, headers: bearer(token, lang) })
    : call(ctx.app, token, method, `/api/strategy/sequence${path}`, body, lang);

async function addTemplate(name: string, steps: SequenceStepInput[]): Promise<number> {
  const res = await api('POST', '/template/add', { name, stationId: station.id, steps });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function run(templateId: number, pwd?: string) {
  return api('POST', '/run', { templateId, stationId: station.id, ...(await password(pwd)) });
}

const detail = async (id: number): Promise<SequenceRun> => (await api('GET', `/run/${id}`)).json().data;

/** Waits until the run has ended and returns it. */
const ended = (id: number, timeout = 20_000) =>
  vi.waitFor(
    async () => {
      const r = await detail(id);
      if (r.state === 'running') throw new Error(`run ${id} still running`);
      return r;
    },
    { timeout, interval: 200 },
  );

const stepOf = (name: string, s: Partial<SequenceStepInput>): SequenceStepInput => ({
  name,
  deviceType: 'pcs',
  pointCode: 'pSet',
  value: 0,
  timeoutS: 15,
  ...s,
});

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off', COMMAND_TIMEOUT_S: String(COMMAND_TIMEOUT_S) });
  token = await login(ctx.app, 'admin');
  const db = ctx.database.db;
  // An operating station with at least one PCS and an EMS, driven by the built-in simulator.
  const sims = await operatingStations(db);
  let chosen: (typeof sims)[number] | undefined;
  for (const s of sims) {
    const [row] = await db.select({ id: stations.id }).from(stations).where(eq(stations.code, s.code));
    if (!row) continue;
    const list = await db
      .select({ id: devices.id, sn: devices.sn, type: devices.type })
      .from(devices)
      .where(eq(devices.stationId, row.id))
      .orderBy(devices.sort, devices.id);
    const p = list.filter((d) => d.type === 'pcs');
    const e = list.find((d) => d.type === 'ems');
    if (p.length > 0 && e) {
      chosen = s;
      station = { id: row.id, code: s.code };
      pcs = p;
      ems = e;
      break;
    }
  }
  if (!chosen) throw new Error('the seed has no operating station with PCS and EMS');
  const secrets = new Map<string, string>();
  for (const d of [...pcs, ems]) secrets.set(d.sn, (await deviceCredentials(db, d.sn)).password);
  sim = await startSimulation({
    url: ctx.mqttUrl ?? '',
    stations: [chosen],
    credentials: secrets,
    includeDevice: (sn) => secrets.has(sn),
    intervalMs: 500,
    warmupHours: 1,
  });
  await vi.waitFor(
    () => {
      for (const d of [...pcs, ems]) expect(ctx.app.telemetry?.deviceOnline(d.id)).toBe(true);
    },
    { timeout: 10_000 },
  );

  // The live socket of the real app, subscribed to the station.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  socket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`);
  socket.on('message', (data) => live.push(JSON.parse(data.toString()) as LiveServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token, lang: 'en_US' }));
  await vi.waitFor(() => expect(live.some((m) => m.type === 'ready')).toBe(true));
  socket.send(JSON.stringify({ type: 'subscribe', stationId: station.id }));
  await vi.waitFor(() => expect(live.some((m) => m.type === 'snapshot')).toBe(true));
}, 60_000);

afterAll(async () => {
  socket?.close();
  if (!simStopped) await sim?.stop();
  await ctx?.close();
});

describe('sequential control templates', () => {
  it('lists the built-in generic templates at any station', async () => {
    const res = await api('POST', '/templates', { stationId: station.id });
    expect(res.statusCode, res.body).toBe(200);
    const builtIn = res.json().data.filter((t: { builtIn: boolean }) => t.builtIn);
    expect(builtIn).toHaveLength(2);
    expect(builtIn[0]).toMatchObject({ stationId: null, steps: [{ pointCode: 'dcBreaker' }, {}, {}] });
  });

  it('refuses a step on a point that is no command, naming the step, in the reader language', async () => {
    const steps = [stepOf('ok', {}), stepOf('bad', { pointCode: 'runState' })];
    const en = await api('POST', '/template/add', { name: 'x', stationId: station.id, steps });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('Step 2: the point is not a control or setpoint of this device type');
    const zh = await api('POST', '/template/add', { name: 'x', stationId: station.id, steps }, 'zh_CN');
    expect(zh.json().msg).toBe('第2步：该点位不是此设备类型的遥控或遥调点');
    const timeout = await api('POST', '/template/add', {
      name: 'x',
      stationId: null,
      steps: [stepOf('t', { timeoutS: 601 })],
    });
    expect(timeout.json().msg).toBe('Step 1: the timeout must be 1 to 600 s');
    const sn = await api('POST', '/template/add', { name: 'x', stationId: null, steps: [stepOf('s', { sn: 'X' })] });
    expect(sn.json().msg).toBe('Step 1: a device serial number needs a template of one station');
  });

  it('changes and deletes a template', async () => {
    const id = await addTemplate('temp', [stepOf('a', {})]);
    const upd = await api('PUT', '/template/update', {
      id,
      name: 'renamed',
      stationId: station.id,
      steps: [stepOf('b', { value: 10 })],
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const list = (await api('POST', '/templates', { stationId: station.id })).json().data;
    expect(list.find((t: { id: number }) => t.id === id)).toMatchObject({
      name: 'renamed',
      stationName: expect.any(String),
      steps: [{ name: 'b', value: 10, index: null, sn: null, check: null }],
    });
    expect((await api('DELETE', `/template/${id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/template/${id}`)).statusCode).toBe(404);
  });
});

describe('sequential control runs against the simulator', () => {
  it('runs four steps in order within the physics: stop PCS, open and close the DC breaker, start', async () => {
    const id = await addTemplate('cycle', [
      stepOf('Stop PCS', { pointCode: 'startStop', value: 0, check: { pointCode: 'runState', op: 'eq', value: 4 } }),
      stepOf('Open DC breaker', {
        pointCode: 'dcBreaker',
        value: 0,
        check: { pointCode: 'dcBreakerState', op: 'eq', value: 0 },
      }),
      stepOf('Close DC breaker', {
        pointCode: 'dcBreaker',
        value: 1,
        check: { pointCode: 'dcBreakerState', op: 'eq', value: 1 },
      }),
      stepOf('Start PCS', { pointCode: 'startStop', value: 1, check: { pointCode: 'runState', op: 'ne', value: 4 } }),
    ]);
    const seen = live.length;
    const res = await run(id);
    expect(res.statusCode, res.body).toBe(200);
    const runId: number = res.json().data.id;
    const r = await ended(runId);
    expect(r).toMatchObject({ state: 'success', failedStep: null, message: null, stationId: station.id });
    expect(r.steps.map((s) => s.state)).toEqual(['success', 'success', 'success', 'success']);
    for (const [i, s] of r.steps.entries()) {
      expect(s.deviceSns).toEqual(pcs.map((p) => p.sn));
      expect(s.commandIds).toHaveLength(pcs.length);
      expect(s.startTime).not.toBeNull();
      const next = r.steps[i + 1];
      if (next) expect(next.startTime ?? 0).toBeGreaterThanOrEqual(s.endTime ?? Number.POSITIVE_INFINITY);
    }
    const ids = r.steps.flatMap((s) => s.commandIds);
    const states = await ctx.database.db
      .select({ state: commands.state, pointCode: commands.pointCode })
      .from(commands)
      .where(sql`${commands.id} in ${ids}`);
    expect(states.every((c) => c.state === 'success')).toBe(true);
    // The simulated PCS really went through it.
    const model = sim.stations[0]?.model;
    for (const p of pcs) expect(model?.readings(p.sn)?.dcBreakerState).toBe(1);

    // Live: each step's progress, in order, ending with the whole run.
    await vi.waitFor(() =>
      expect(
        live.slice(seen).some((m) => m.type === 'sequence' && m.run.id === runId && m.run.state === 'success'),
      ).toBe(true),
    );
    const progress = live
      .slice(seen)
      .flatMap((m) => (m.type === 'sequence' && m.run.id === runId ? [m.run] : []))
      .map((x) => x.steps.filter((s) => s.state === 'success').length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress)).toEqual(new Set([0, 1, 2, 3, 4]));

    // History.
    const page = (await api('POST', '/run/page', { stationId: station.id })).json().data;
    expect(page.rows[0]).toMatchObject({ id: runId, state: 'success', issuedBy: expect.any(String) });
  });

  it('stops at the step whose device fails, naming it; the rest are not run', async () => {
    const id = await addTemplate('fails at 2', [
      stepOf('EMS on', { deviceType: 'ems', pointCode: 'runControl', value: 1 }),
      stepOf('PCS power', { index: 1 }),
      stepOf('Start PCS', { pointCode: 'startStop', value: 1 }),
    ]);
    sim.setCommandBehaviour(pcs[0]?.sn ?? '', 'fail');
    try {
      const runId: number = (await run(id)).json().data.id;
      const r = await ended(runId);
      expect(r).toMatchObject({ state: 'failed', failedStep: 2 });
      expect(r.steps.map((s) => s.state)).toEqual(['success', 'failed', 'notRun']);
      expect(r.steps[1]?.message).toBe(`${pcs[0]?.sn}: simulated failure`);
      expect(r.message).toBe(`Step 2 "PCS power" failed: ${pcs[0]?.sn}: simulated failure`);
      const zh = (await api('GET', `/run/${runId}`, undefined, 'zh_CN')).json().data;
      expect(zh.message).toBe(`第2步“PCS power”失败：${pcs[0]?.sn}：simulated failure`);
    } finally {
      sim.setCommandBehaviour('*', 'normal');
    }
  });

  it('fails a step whose check never becomes true, when its timeout passes', async () => {
    const id = await addTemplate('never', [
      stepOf('Power 0, expect fault', { index: 1, timeoutS: 2, check: { pointCode: 'runState', op: 'eq', value: 3 } }),
      stepOf('after', { index: 1 }),
    ]);
    const t0 = Date.now();
    const r = await ended((await run(id)).json().data.id);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2_000);
    expect(r).toMatchObject({ state: 'failed', failedStep: 1 });
    expect(r.steps.map((s) => s.state)).toEqual(['failed', 'notRun']);
    expect(r.steps[0]?.message).toMatch(
      new RegExp(`^${pcs[0]?.sn}: check not met within 2 s \\(runState = 3, last value [0-4]\\)$`),
    );
  });

  it('fails a step whose device does not answer (the simulator told to stay silent)', async () => {
    const id = await addTemplate('silent', [stepOf('Power', { index: 1, timeoutS: 2 })]);
    sim.setCommandBehaviour('*', 'silent');
    try {
      const r = await ended((await run(id)).json().data.id);
      expect(r).toMatchObject({ state: 'failed', failedStep: 1 });
      expect(r.steps[0]?.message).toBe(`${pcs[0]?.sn}: no answer within 2 s`);
      // The command itself times out on the platform's clock.
      const cid = r.steps[0]?.commandIds[0] ?? 0;
      await vi.waitFor(
        async () => {
          const [c] = await ctx.database.db.select().from(commands).where(eq(commands.id, cid));
          expect(c?.state).toBe('timeout');
        },
        { timeout: (COMMAND_TIMEOUT_S + 3) * 1000 },
      );
    } finally {
      sim.setCommandBehaviour('*', 'normal');
    }
  });

  it('refuses a second run at the station while one runs', async () => {
    const id = await addTemplate('unanswered', [stepOf('Power', { index: 1, timeoutS: 4 })]);
    sim.setCommandBehaviour('*', 'silent');
    try {
      const runId: number = (await run(id)).json().data.id;
      const second = await run(id);
      expect(second.statusCode).toBe(409);
      expect(second.json().msg).toBe('Delivery in progress, please wait');
      expect((await ended(runId)).state).toBe('failed');
    } finally {
      sim.setCommandBehaviour('*', 'normal');
    }
  });

  it('a cancel stops the run before its next step', async () => {
    const id = await addTemplate('slow', [
      stepOf('Stop PCS', {
        index: 1,
        pointCode: 'startStop',
        value: 0,
        check: { pointCode: 'runState', op: 'eq', value: 4 },
      }),
      stepOf('Start PCS', { index: 1, pointCode: 'startStop', value: 1 }),
    ]);
    const runId: number = (await run(id)).json().data.id;
    await vi.waitFor(async () => expect((await detail(runId)).steps[0]?.state).toBe('running'), { interval: 20 });
    expect((await api('POST', '/cancel', { id: runId })).statusCode).toBe(200);
    const r = await ended(runId);
    expect(r.state).toBe('cancelled');
    expect(r.message).toBe('Cancelled by admin');
    expect(r.steps.map((s) => s.state)).toEqual(['success', 'notRun']);
    expect((await api('POST', '/cancel', { id: runId })).statusCode).toBe(409);
    // Leave the PCS running for the next tests.
    sim.stations[0]?.model.command(pcs[0]?.sn ?? '', { startStop: 1 }, new Date());
  });

  it('asks for the password first: a wrong one starts nothing', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(sequenceRuns);
    const res = await run(999_999, 'not-the-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Incorrect password');
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(sequenceRuns);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect((await run(999_999)).statusCode).toBe(404);
  });

  it('fails a run left running by a stopped server as interrupted, at the next start', async () => {
    const db = ctx.database.db;
    const old = new Date(Date.now() - 60_000);
    const [row] = await db
      .insert(sequenceRuns)
      .values({
        templateName: 'left over',
        stationId: station.id,
        steps: [],
        issuedBy: null,
        startTime: old,
        heartbeatTime: old,
      })
      .returning({ id: sequenceRuns.id });
    const runId = row?.id ?? 0;
    await db.insert(sequenceRunSteps).values([
      { runId, idx: 1, name: 'one', state: 'success', startTime: old, endTime: old },
      { runId, idx: 2, name: 'two', state: 'running', startTime: old },
      { runId, idx: 3, name: 'three' },
    ]);
    const { buildApp } = await import('../../../app');
    const second = await buildApp({ env: ctx.env, database: ctx.database, logger: false });
    await second.ready();
    try {
      const r = await vi.waitFor(
        async () => {
          const x = await detail(runId);
          if (x.state === 'running') throw new Error('still running');
          return x;
        },
        { timeout: 5_000 },
      );
      expect(r).toMatchObject({
        state: 'failed',
        failedStep: 2,
        message: 'Interrupted: the server stopped during the run',
      });
      expect(r.steps.map((s) => s.state)).toEqual(['success', 'failed', 'notRun']);
      const failed = await db
        .select()
        .from(sequenceRunSteps)
        .where(and(eq(sequenceRunSteps.runId, runId), eq(sequenceRunSteps.state, 'failed')));
      expect(failed).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('a server stopping cleanly', () => {
  it('fails its running runs as interrupted at once (last: closes the app)', async () => {
    const id = await addTemplate('long', [stepOf('Power', { index: 1, timeoutS: 120 })]);
    sim.setCommandBehaviour('*', 'silent');
    const runId: number = (await run(id)).json().data.id;
    // The run checks its steps' values before it sends: give a busy machine time for it.
    await vi.waitFor(async () => expect((await detail(runId)).steps[0]?.commandIds).toHaveLength(1), {
      timeout: 10_000,
    });
    socket.close();
    await sim.stop();
    simStopped = true;
    await ctx.app.close();
    const [row] = await ctx.database.db
      .select({ state: sequenceRuns.state, failedStep: sequenceRuns.failedStep, message: sequenceRuns.message })
      .from(sequenceRuns)
      .where(eq(sequenceRuns.id, runId));
    expect(row).toEqual({ state: 'failed', failedStep: 1, message: '@sequenceInterrupted' });
  });
});
