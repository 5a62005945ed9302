import {
  type DeviceModelDetail,
  type DeviceModelRow,
  equipModelApi,
  equipmentApi,
  type ModelSaveResult,
  type ModelTypeRow,
  modelTypeApi,
  type PageOf,
  type RelevancyRow,
  relevancyApi,
  roleApi,
  sealSecret,
  userAdminApi,
} from '@ess/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceModels, devices, menus, points, users } from '../../../db/schema';
import { translate } from '../../../i18n/messages';
import { createTestApp, login, publicKeyOf, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../device/sessions.kit';
import { hit, testModel, testPoint } from './equipment-api.kit';

let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

const admin = (entry: Parameters<typeof hit>[2], input?: Record<string, unknown>, lang?: string) =>
  hit(ctx.app, tokens.admin, entry, input, lang);

const addModel = async (body: Record<string, unknown>): Promise<number> => {
  const res = await admin(equipModelApi.equipModelAdd, body);
  expect(res.status, res.msg).toBe(200);
  return (res.data as ModelSaveResult).id;
};

const detail = async (id: number) => (await admin(equipModelApi.equipModelDetail, { id })).data as DeviceModelDetail;

describe('model types', () => {
  let typeId = 0;

  it('adds, lists, finds, changes and refuses a duplicate code', async () => {
    const add = await admin(modelTypeApi.modelTypeAdd, {
      code: 'PCS-STRING',
      names: { zh_CN: '组串式变流器', en_US: 'String PCS' },
      deviceType: 'pcs',
      sort: 3,
    });
    expect(add.status, add.msg).toBe(200);
    const row = add.data as ModelTypeRow;
    typeId = row.id;
    // A missing translation takes the Chinese name.
    expect(row.names).toEqual({
      zh_CN: '组串式变流器',
      en_US: 'String PCS',
      es_ES: '组串式变流器',
      ja_JP: '组串式变流器',
    });

    const again = await admin(modelTypeApi.modelTypeAdd, {
      code: 'PCS-STRING',
      names: { zh_CN: '重复' },
      deviceType: 'pcs',
    });
    expect(again.status).toBe(409);
    expect(again.msg).toBe(translate('zh_CN', 'modelTypeCodeTaken', { code: 'PCS-STRING' }));

    const page = await admin(modelTypeApi.modelTypePage, { keyword: 'string' }, 'en_US');
    expect((page.data as PageOf<ModelTypeRow>).rows.map((r) => [r.code, r.name, r.deviceTypeName])).toEqual([
      ['PCS-STRING', 'String PCS', 'PCS'],
    ]);
    const list = await admin(modelTypeApi.modelTypeList, { deviceType: 'bms' });
    expect((list.data as ModelTypeRow[]).some((r) => r.id === typeId)).toBe(false);

    const upd = await admin(modelTypeApi.modelTypeUpdate, {
      id: typeId,
      code: 'PCS-STR',
      names: { zh_CN: '组串式' },
      deviceType: 'pcs',
      sort: 1,
    });
    expect(upd.status, upd.msg).toBe(200);
    expect((upd.data as ModelTypeRow).code).toBe('PCS-STR');
  });

  it('refuses bad codes and unknown device types', async () => {
    for (const body of [
      { code: '-bad', names: { zh_CN: 'x' }, deviceType: 'pcs' },
      { code: 'OK', names: { zh_CN: '' }, deviceType: 'pcs' },
      { code: 'OK', names: { zh_CN: 'x' }, deviceType: 'virtual' },
    ]) {
      expect((await admin(modelTypeApi.modelTypeAdd, body)).status).toBe(400);
    }
  });

  it('a model type in use keeps its device type and cannot be deleted', async () => {
    const modelId = await addModel(testModel('TYPED-1', [testPoint('p')], { modelTypeId: typeId }));
    const wrong = await admin(
      equipModelApi.equipModelAdd,
      testModel('TYPED-2', [], { modelTypeId: typeId, deviceType: 'bms' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toBe(translate('zh_CN', 'modelTypeMismatch', { modelType: 'PCS-STR' }));

    const retype = await admin(modelTypeApi.modelTypeUpdate, {
      id: typeId,
      code: 'PCS-STR',
      names: { zh_CN: '组串式' },
      deviceType: 'bms',
    });
    expect(retype.status).toBe(409);
    const del = await admin(modelTypeApi.modelTypeDelete, { id: typeId });
    expect(del.status).toBe(409);
    expect(del.msg).toBe(translate('zh_CN', 'modelTypeInUse', { count: 1 }));

    expect((await admin(equipModelApi.equipModelDelete, { id: modelId })).status).toBe(200);
    expect((await admin(modelTypeApi.modelTypeDelete, { id: typeId })).status).toBe(200);
    expect((await admin(modelTypeApi.modelTypeDelete, { id: typeId })).status).toBe(404);
  });

  it('needs the page permission to read and the button permission to write', async () => {
    expect((await hit(ctx.app, tokens.operator, modelTypeApi.modelTypePage, {})).status).toBe(403);
    expect((await hit(ctx.app, tokens.maintainer, modelTypeApi.modelTypePage, {})).status).toBe(200);
    const add = await hit(ctx.app, tokens.operator, modelTypeApi.modelTypeAdd, {
      code: 'X1',
      names: { zh_CN: 'x' },
      deviceType: 'pcs',
    });
    expect(add.status).toBe(403);
  });
});

describe('device models', () => {
  it('adds a model with its points and reads it back in the request language', async () => {
    const id = await addModel(
      testModel('PCS-T1', [
        testPoint('p', { names: { zh_CN: '有功', en_US: 'Active', es_ES: 'Activa', ja_JP: '有効' } }),
        testPoint('runState', {
          kind: 'status',
          unit: null,
          precision: 0,
          min: 0,
          max: 4,
          states: { '0': { zh_CN: '待机', en_US: 'Standby' }, '1': { zh_CN: '运行' } },
        }),
        testPoint('eIn', { unit: 'kWh', counter: true, min: 0, max: null }),
      ]),
    );
    const d = (await admin(equipModelApi.equipModelDetail, { id }, 'es_ES')).data as DeviceModelDetail;
    expect(d).toMatchObject({ code: 'PCS-T1', deviceType: 'pcs', pointCount: 3, deviceCount: 0, pendingRemoval: [] });
    expect(d.points.map((p) => [p.code, p.name, p.sort])).toEqual([
      ['p', 'Activa', 1],
      ['runState', '点runState', 2],
      ['eIn', '点eIn', 3],
    ]);
    expect(d.points[1]?.states?.['0']).toEqual({ zh_CN: '待机', en_US: 'Standby', es_ES: '待机', ja_JP: '待机' });
    expect(d.points[2]).toMatchObject({ counter: true, min: 0, max: null });

    const page = await admin(equipModelApi.equipModelPage, { keyword: 'PCS-T', deviceType: 'pcs' });
    expect((page.data as PageOf<DeviceModelRow>).rows.map((r) => r.code)).toEqual(['PCS-T1']);
  });

  it('refuses a duplicate model code, duplicate or reserved point codes and inconsistent points', async () => {
    const dup = await admin(equipModelApi.equipModelAdd, testModel('PCS-1250', []));
    expect(dup.status).toBe(409);
    expect(dup.msg).toBe(translate('zh_CN', 'modelCodeTaken', { code: 'PCS-1250' }));

    const twice = await admin(equipModelApi.equipModelAdd, testModel('NEW-1', [testPoint('p'), testPoint('p')]));
    expect(twice.status).toBe(400);
    expect(twice.msg).toBe(translate('zh_CN', 'pointCodeDuplicate', { code: 'p' }));

    for (const code of ['constructor', 'toString', '__proto__', '1abc', 'a-b']) {
      const res = await admin(equipModelApi.equipModelAdd, testModel('NEW-1', [testPoint(code)]));
      expect(res.status, code).toBe(400);
    }
    const minMax = await admin(equipModelApi.equipModelAdd, testModel('NEW-1', [testPoint('p', { min: 5, max: 1 })]));
    expect(minMax.msg).toBe(translate('zh_CN', 'pointMinMax', { code: 'p' }));
    const counter = await admin(
      equipModelApi.equipModelAdd,
      testModel('NEW-1', [testPoint('p', { kind: 'setpoint', counter: true })]),
    );
    expect(counter.msg).toBe(translate('zh_CN', 'pointCounterKind', { code: 'p' }));
    const states = await admin(
      equipModelApi.equipModelAdd,
      testModel('NEW-1', [testPoint('p', { states: { '1': { zh_CN: '开' } } })]),
    );
    expect(states.msg).toBe(translate('zh_CN', 'pointStatesKind', { code: 'p' }));
    const [none] = await ctx.database.db.select().from(deviceModels).where(eq(deviceModels.code, 'NEW-1'));
    expect(none).toBeUndefined();
  });

  it('a model used by devices cannot be deleted; nor can its device type change', async () => {
    const [pcs] = await ctx.database.db.select().from(deviceModels).where(eq(deviceModels.code, 'PCS-1250'));
    if (!pcs) throw new Error('no seeded PCS model');
    const users = await ctx.database.db.select().from(devices).where(eq(devices.modelId, pcs.id));
    const del = await admin(equipModelApi.equipModelDelete, { id: pcs.id }, 'en_US');
    expect(del.status).toBe(409);
    expect(del.msg).toBe(translate('en_US', 'modelInUse', { count: users.length }));
    const d = await detail(pcs.id);
    const retype = await admin(equipModelApi.equipModelUpdate, {
      id: pcs.id,
      code: d.code,
      names: d.names,
      deviceType: 'bms',
      points: [],
    });
    expect(retype.status).toBe(409);
  });

  it("a changed point list reaches the model's devices; dropped points wait for pruning", async () => {
    const id = await addModel(testModel('PCS-T2', [testPoint('a'), testPoint('b')]));
    const station = sid('GD-GZ01');
    const add = await admin(equipmentApi.equipmentAdd, {
      stationId: station,
      modelId: id,
      name: 'T2 device',
      sn: 'T2-DEV-1',
    });
    expect(add.status, add.msg).toBe(200);
    const deviceId = (add.data as { id: number }).id;
    const pointsOf = async () =>
      (await ctx.database.db.select().from(points).where(eq(points.deviceId, deviceId)))
        .map((p) => [p.code, p.unit])
        .sort();
    expect(await pointsOf()).toEqual([
      ['a', 'kW'],
      ['b', 'kW'],
    ]);
    const [aBefore] = await ctx.database.db
      .select()
      .from(points)
      .where(and(eq(points.deviceId, deviceId), eq(points.code, 'a')));

    const upd = await admin(
      equipModelApi.equipModelUpdate,
      testModel('PCS-T2', [testPoint('a', { unit: 'MW' }), testPoint('c')], { id }),
    );
    expect(upd.status, upd.msg).toBe(200);
    expect(upd.data).toEqual({ id, devicePointsAdded: 1, pendingRemoval: [{ code: 'b', devices: 1 }] });
    expect(await pointsOf()).toEqual([
      ['a', 'MW'],
      ['b', 'kW'],
      ['c', 'kW'],
    ]);
    // The kept point keeps its id (its history stays attached).
    const [aAfter] = await ctx.database.db
      .select()
      .from(points)
      .where(eq(points.id, aBefore?.id ?? 0));
    expect(aAfter?.unit).toBe('MW');
    expect((await detail(id)).pendingRemoval).toEqual([{ code: 'b', devices: 1 }]);

    const prune = await admin(equipModelApi.equipModelPrunePoints, { id });
    expect(prune.data).toEqual({ removed: 1 });
    expect(await pointsOf()).toEqual([
      ['a', 'MW'],
      ['c', 'kW'],
    ]);
    expect((await detail(id)).pendingRemoval).toEqual([]);
  });

  it('unknown models answer 404; readers without the page permission 403', async () => {
    expect((await admin(equipModelApi.equipModelDetail, { id: 999_999 })).status).toBe(404);
    expect((await admin(equipModelApi.equipModelUpdate, testModel('Z', [], { id: 999_999 }))).status).toBe(404);
    expect((await hit(ctx.app, tokens.operator, equipModelApi.equipModelPage, {})).status).toBe(403);
    expect((await hit(ctx.app, tokens.manager, equipModelApi.equipModelAdd, testModel('Z', []))).status).toBe(403);
    expect((await hit(ctx.app, tokens.maintainer, equipModelApi.equipModelPage, {})).status).toBe(200);
  });
});

describe('EMS models and the models they support', () => {
  it('EMS model calls only see models of type EMS', async () => {
    const add = await admin(
      equipModelApi.emsModelAdd,
      testModel('EMS-T1', [testPoint('cpu')], { deviceType: undefined }),
    );
    expect(add.status, add.msg).toBe(200);
    const emsId = (add.data as ModelSaveResult).id;
    expect((await detail(emsId)).deviceType).toBe('ems');
    const page = (await admin(equipModelApi.emsModelPage, {})).data as PageOf<DeviceModelRow>;
    expect(page.rows.every((r) => r.deviceType === 'ems')).toBe(true);
    expect(page.rows.map((r) => r.code)).toContain('EMS-T1');

    const [pcs] = await ctx.database.db.select().from(deviceModels).where(eq(deviceModels.code, 'PCS-1250'));
    const notEms = await admin(equipModelApi.emsModelUpdate, testModel('PCS-1250', [], { id: pcs?.id }));
    expect(notEms.status).toBe(404);
    expect((await admin(equipModelApi.emsModelDelete, { id: pcs?.id ?? 0 })).status).toBe(404);
    expect((await admin(equipModelApi.emsModelDelete, { id: emsId })).status).toBe(200);
  });

  it('links are set per EMS model; an EMS or unknown model is refused; a link in use stays', async () => {
    const [ems, pcs] = await Promise.all(
      ['EMS-3000', 'PCS-1250'].map(async (code) => {
        const [m] = await ctx.database.db.select().from(deviceModels).where(eq(deviceModels.code, code));
        return m;
      }),
    );
    if (!ems || !pcs) throw new Error('seeded models missing');
    const mine = await addModel(testModel('PCS-T3', [testPoint('p')]));
    // Devices under the seeded EMS devices have the seeded models: leaving them out is refused.
    const inUse = await admin(relevancyApi.relevancySave, { emsModelId: ems.id, modelIds: [mine] });
    expect(inUse.status).toBe(409);
    expect(inUse.msg).toMatch(/^设备“.+”（型号 .+）已在该EMS模型的设备下，不能取消该型号$/);

    expect((await admin(relevancyApi.relevancySave, { emsModelId: ems.id, modelIds: [ems.id] })).status).toBe(400);
    expect((await admin(relevancyApi.relevancySave, { emsModelId: pcs.id, modelIds: [] })).status).toBe(400);
    expect((await admin(relevancyApi.relevancySave, { emsModelId: ems.id, modelIds: [999_999] })).status).toBe(404);

    const all = ((await admin(equipModelApi.equipModelList, {})).data as { id: number; deviceType: string }[]).filter(
      (m) => m.deviceType !== 'ems',
    );
    const ok = await admin(relevancyApi.relevancySave, { emsModelId: ems.id, modelIds: all.map((m) => m.id) });
    expect(ok.status, ok.msg).toBe(200);
    const page = (await admin(relevancyApi.relevancyPage, { keyword: 'EMS-3000' })).data as PageOf<RelevancyRow>;
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]?.models.map((m) => m.id).sort()).toEqual(all.map((m) => m.id).sort());
    // Back to "any".
    expect((await admin(relevancyApi.relevancySave, { emsModelId: ems.id, modelIds: [] })).status).toBe(200);
  });
});

describe('a role with only the EMS model page', () => {
  it('reaches EMS models through the shared calls, and nothing else', async () => {
    const db = ctx.database.db;
    const granted = (await db.select({ id: menus.id, code: menus.code }).from(menus)).filter((m) =>
      ['system', 'system.emsModel', 'sys.emsModel.add', 'sys.emsModel.edit', 'sys.emsModel.delete'].includes(m.code),
    );
    expect(granted).toHaveLength(5);
    const role = await admin(roleApi.roleAdd, {
      code: 'ems-only',
      name: 'ems-only',
      dataScope: 'org',
      menuIds: granted.map((m) => m.id),
    });
    expect(role.status, role.msg).toBe(200);
    const [operator] = await db.select({ deptId: users.deptId }).from(users).where(eq(users.username, 'operator'));
    const password = 'ems-only-pass-1';
    const user = await admin(userAdminApi.userAdd, {
      username: 'ems-only',
      password: await sealSecret(await publicKeyOf(ctx.app), password),
      realName: 'EMS only',
      phone: '13800138000',
      deptId: operator?.deptId ?? null,
      roleIds: [(role.data as { id: number }).id],
    });
    expect(user.status, user.msg).toBe(200);
    const token = await login(ctx.app, 'ems-only', password);
    const [ems, pcs] = await Promise.all(
      ['EMS-3000', 'PCS-1250'].map(async (code) => {
        const [m] = await db.select().from(deviceModels).where(eq(deviceModels.code, code));
        return m?.id ?? 0;
      }),
    );
    expect((await hit(ctx.app, token, equipModelApi.emsModelPage, {})).status).toBe(200);
    expect((await hit(ctx.app, token, equipModelApi.equipModelPage, {})).status).toBe(403);
    expect((await hit(ctx.app, token, equipModelApi.equipModelDetail, { id: ems })).status).toBe(200);
    expect((await hit(ctx.app, token, equipModelApi.equipModelDetail, { id: pcs })).status).toBe(404);
    expect((await hit(ctx.app, token, equipModelApi.equipModelExportPoints, { id: pcs })).status).toBe(404);
    expect((await hit(ctx.app, token, equipModelApi.equipModelExportPoints, { id: ems })).status).toBe(200);
    expect((await hit(ctx.app, token, equipModelApi.equipModelImportPoints, { id: pcs, file: '' })).status).toBe(404);
    expect((await hit(ctx.app, token, equipModelApi.equipModelPrunePoints, { id: pcs })).status).toBe(404);
    expect((await hit(ctx.app, token, equipModelApi.equipModelAdd, testModel('X-EMS', []))).status).toBe(403);
  });
});
