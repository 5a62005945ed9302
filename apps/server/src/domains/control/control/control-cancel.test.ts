import { configApi, controlApi, planCurveApi, sequenceApi } from '@ess/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '../../../db/command-schema';
import { sequenceRuns } from '../../../db/sequence-schema';
import { addRole, addUser, api, menuIdsOf, USER_PASSWORD } from '../../../test/access-fixtures';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { answeringDevice, type SeedDevice, sealedPassword, seedDevices, silent } from './control.kit';

/**
 * Issue 20 finding 8: cancelling a command needs what issuing that kind of command needs (the
 * permissions of its issuing call, station roles at its station where that call counts them),
 * the issuer's own included. Devices stay silent, so every command stays in flight until cancelled.
 */
let ctx: TestContext;
let admin: string;
/** A station with an EMS and a PCS, both online and silent. */
let ems: SeedDevice;
let pcs: SeedDevice[];
let cabinet: SeedDevice;
/** Holds only the command delivery page and its button (remote:order:send), every station. */
let operator: { id: number; token: string; roleId: number };
let cabinetController: string;
const clients: { endAsync: () => Promise<unknown> }[] = [];

const url = (id: number) => `/api${controlApi.commandCancel.path.replace(':id', String(id))}`;
const cancel = (token: string, id: number, lang = 'en_US') => call(ctx.app, token, 'POST', url(id), undefined, lang);
const stateOf = async (id: number) => {
  const [row] = await ctx.database.db.select({ state: commands.state }).from(commands).where(eq(commands.id, id));
  return row?.state;
};
const FORBIDDEN = {
  code: 403,
  msg: 'Cancelling this command needs the permission that issuing it needs',
  data: null,
};

async function userWith(menuCodes: string[]): Promise<{ id: number; token: string; roleId: number }> {
  const role = await addRole(ctx.app, admin, await menuIdsOf(ctx.database.db, menuCodes), { dataScope: 'all' });
  const user = await addUser(ctx.app, admin, { roleIds: [role.id] });
  return { id: user.id, token: await login(ctx.app, user.username, USER_PASSWORD), roleId: role.id };
}

beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off', COMMAND_TIMEOUT_S: '120', LOGIN_RATE_PER_MINUTE: '1000' });
  admin = await login(ctx.app, 'admin');
  const db = ctx.database.db;
  const allPcs = await seedDevices(db, 'pcs', 50);
  const withPcs = (await seedDevices(db, 'ems', 50)).find((e) => allPcs.some((p) => p.stationId === e.stationId));
  const [cab] = await seedDevices(db, 'cabinet', 1);
  if (!withPcs || !cab) throw new Error('the seed has no station with EMS and PCS, or no cabinet');
  ems = withPcs;
  pcs = allPcs.filter((p) => p.stationId === ems.stationId);
  cabinet = cab;
  for (const d of [ems, ...pcs, cabinet]) clients.push((await answeringDevice(ctx, d, silent)).client);
  operator = await userWith(['remoteControl.issueOrder', 'remoteControl.issueOrder.send']);
  cabinetController = (await userWith(['remoteControl.integratedCabinet', 'remoteControl.integratedCabinet.control']))
    .token;
}, 240_000);

// Whatever a test left in flight is withdrawn, and its sequential control run has ended.
afterEach(async () => {
  const db = ctx.database.db;
  const left = await db
    .select({ id: commands.id })
    .from(commands)
    .where(inArray(commands.state, ['pending', 'sent']));
  for (const { id } of left) await cancel(admin, id);
  await vi.waitFor(async () =>
    expect(await db.select().from(sequenceRuns).where(eq(sequenceRuns.state, 'running'))).toEqual([]),
  );
});

afterAll(async () => {
  for (const c of clients) await c.endAsync();
  await ctx?.close();
});

/** Whether the caller's command page offers to cancel the command. */
async function cancellable(token: string, id: number): Promise<boolean | undefined> {
  const res = await call(ctx.app, token, 'POST', `/api${controlApi.commandPage.path}`, {
    stationId: ems.stationId,
    pageNum: 1,
    pageSize: 100,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.rows as { id: number; cancellable: boolean }[]).find((r) => r.id === id)?.cancellable;
}

/** The admin's configuration sync of the station: its command id. */
async function adminConfigSync(): Promise<number> {
  const res = await call(ctx.app, admin, 'POST', `/api${configApi.siteSync.path}`, { stationId: ems.stationId });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.state).toBe('sent');
  return res.json().data.id;
}

/** The admin's plan curve delivery to the station: its command id. */
async function adminPlanCurve(): Promise<number> {
  const add = await call(ctx.app, admin, 'POST', `/api${planCurveApi.add.path}`, {
    code: `CANCEL-${Date.now()}`,
    name: 'Cancel test',
    segments: [{ start: '00:00', end: '24:00', powerKw: 0, socMin: 0, socMax: 100 }],
    enabled: true,
  });
  expect(add.statusCode, add.body).toBe(200);
  const template = add.json().data;
  const res = await call(ctx.app, admin, 'POST', `/api${planCurveApi.deliver.path}`, {
    templateId: template.id,
    stationIds: [ems.stationId],
    modifyTime: template.modifyTime,
    confirmOverRated: false,
    ...(await sealedPassword(ctx.app)),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.stations[0]?.commandId;
  expect(id).toEqual(expect.any(Number));
  return id;
}

/** The admin's sequential control run at the station: the command of its first step. */
async function adminSequenceStep(): Promise<number> {
  const [first] = pcs;
  if (!first) throw new Error('no PCS');
  const add = await call(ctx.app, admin, 'POST', `/api${sequenceApi.addTemplate.path}`, {
    name: `Cancel test ${Date.now()}`,
    stationId: ems.stationId,
    steps: [{ name: 'Standby', deviceType: 'pcs', sn: first.sn, pointCode: 'pSet', value: 0, timeoutS: 120 }],
  });
  expect(add.statusCode, add.body).toBe(200);
  const run = await call(ctx.app, admin, 'POST', `/api${sequenceApi.run.path}`, {
    templateId: add.json().data.id,
    stationId: ems.stationId,
    ...(await sealedPassword(ctx.app)),
  });
  expect(run.statusCode, run.body).toBe(200);
  return vi.waitFor(async () => {
    const [row] = await ctx.database.db
      .select({ id: commands.id })
      .from(commands)
      .where(and(eq(commands.deviceId, first.id), eq(commands.state, 'sent')));
    if (!row) throw new Error('the step has not sent its command yet');
    return row.id;
  });
}

/** A point command to a device: the caller's own password; its command id. */
async function setpoint(token: string, password: string, device: SeedDevice, value = 0): Promise<number> {
  const res = await call(ctx.app, token, 'POST', `/api${controlApi.command.path}`, {
    deviceId: device.id,
    pointCode: 'pSet',
    value,
    ...(await sealedPassword(ctx.app, password)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

describe('cancelling needs the right to issue that kind of command', () => {
  it("refuses an operator the admin's configuration sync, plan curve and sequence step; the admin may", async () => {
    const ids = { configSync: await adminConfigSync(), planCurve: await adminPlanCurve() };
    const step = await adminSequenceStep();
    for (const [what, id] of [...Object.entries(ids), ['sequence step', step] as const]) {
      const res = await cancel(operator.token, id);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json(), what).toEqual(FORBIDDEN);
      expect(await stateOf(id), what).toBe('sent');
    }
    expect((await cancel(operator.token, step, 'zh_CN')).json().msg).toBe('撤销此指令需要下发此类指令的权限');
    // The command page says the same: no cancel for the operator, cancel for the admin.
    for (const id of [ids.configSync, ids.planCurve, step]) {
      expect(await cancellable(operator.token, id), `operator ${id}`).toBe(false);
      expect(await cancellable(admin, id), `admin ${id}`).toBe(true);
    }
    for (const id of [ids.configSync, ids.planCurve, step]) {
      const res = await cancel(admin, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.state).toBe('cancelled');
    }
  });

  it("lets an operator cancel their own setpoint and the admin's point commands", async () => {
    const [, second] = pcs;
    const device = second ?? ems;
    const own = await setpoint(operator.token, USER_PASSWORD, device);
    expect(await cancellable(operator.token, own)).toBe(true);
    const res = await cancel(operator.token, own);
    expect(await cancellable(operator.token, own), 'settled').toBe(false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('cancelled');
    // Holding remote:order:send, they could have sent the admin's point command too.
    const admins = await setpoint(admin, 'admin-pass-1', device);
    expect((await cancel(operator.token, admins)).statusCode).toBe(200);
  });

  it('limits a cabinet controller to commands to integrated cabinets', async () => {
    const toEms = await setpoint(admin, 'admin-pass-1', ems);
    const refused = await cancel(cabinetController, toEms);
    expect(refused.json()).toEqual(FORBIDDEN);
    expect(await stateOf(toEms)).toBe('sent');
    expect((await cancel(admin, toEms)).statusCode).toBe(200);
    const toCabinet = await setpoint(admin, 'admin-pass-1', cabinet);
    expect((await cancel(cabinetController, toCabinet)).statusCode).toBe(200);
  });

  it('refuses the issuer once they no longer hold the right to issue it', async () => {
    const [first] = pcs;
    if (!first) throw new Error('no PCS');
    const own = await setpoint(operator.token, USER_PASSWORD, first);
    // Their role keeps the page but loses its button.
    const update = await api(ctx.app, admin, 'PUT', '/api/sys/role/update', {
      id: operator.roleId,
      name: `without send ${operator.roleId}`,
      dataScope: 'all',
      menuIds: await menuIdsOf(ctx.database.db, ['remoteControl.issueOrder']),
    });
    expect(update.json().code, update.body).toBe(200);
    const res = await cancel(operator.token, own);
    expect(res.json()).toEqual(FORBIDDEN);
    expect(await stateOf(own)).toBe('sent');
    expect((await cancel(admin, own)).statusCode).toBe(200);
  });

  it('counts a station role at the command’s station where the issuing call counts it', async () => {
    // No global permission; a station role at the station holding configuration sync.
    const nobody = await userWith(['remoteControl.issueOrder']);
    const syncRole = await addRole(
      ctx.app,
      admin,
      await menuIdsOf(ctx.database.db, ['system.siteConfiguration', 'sys.siteConfig.sync']),
    );
    const grant = await api(ctx.app, admin, 'POST', '/api/sys/stationRole/add', {
      userId: nobody.id,
      stationId: ems.stationId,
      roleId: syncRole.id,
    });
    expect(grant.json().code, grant.body).toBe(200);
    const sync = await adminConfigSync();
    const step = await adminSequenceStep();
    expect((await cancel(nobody.token, step)).json()).toEqual(FORBIDDEN);
    const res = await cancel(nobody.token, sync);
    expect(res.statusCode, res.body).toBe(200);
    expect((await cancel(admin, step)).statusCode).toBe(200);
  });
});
