import {
  type DeviceNode,
  deviceApi,
  type EmsEquipmentRow,
  type EquipmentRow,
  equipModelApi,
  equipmentApi,
  type ModelSaveResult,
  type PageOf,
  relevancyApi,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceModels, devices, modelPoints, points } from '../../../db/schema';
import { translate } from '../../../i18n/messages';
import { createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../device/sessions.kit';
import { hit, testModel, testPoint } from './equipment-api.kit';

let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;
let modelId = 0;

const deviceBySn = async (sn: string) => {
  const [d] = await ctx.database.db.select().from(devices).where(eq(devices.sn, sn));
  if (!d) throw new Error(`no device ${sn}`);
  return d;
};
const modelByCode = async (code: string) => {
  const [m] = await ctx.database.db.select().from(deviceModels).where(eq(deviceModels.code, code));
  if (!m) throw new Error(`no model ${code}`);
  return m;
};

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  const res = await hit(
    ctx.app,
    tokens.admin,
    equipModelApi.equipModelAdd,
    testModel('PCS-D1', [testPoint('p'), testPoint('q')]),
  );
  modelId = (res.data as ModelSaveResult).id;
});
afterAll(() => ctx?.close());

const admin = (entry: Parameters<typeof hit>[2], input?: Record<string, unknown>, lang?: string) =>
  hit(ctx.app, tokens.admin, entry, input, lang);
const flatten = (nodes: DeviceNode[]): DeviceNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('equipment', () => {
  it("adds a device with its model's points under the station's EMS and shows it in the tree", async () => {
    const station = sid('JS-SZ01');
    const ems = await deviceBySn('JS-SZ01-EMS');
    const res = await admin(
      equipmentApi.equipmentAdd,
      {
        stationId: station,
        modelId,
        name: 'PCS-9',
        sn: 'JS-SZ01-PCS-9',
        parentId: ems.id,
        unitPrice: 1.5,
        reportIntervalS: 5,
        sort: 50,
      },
      'en_US',
    );
    expect(res.status, res.msg).toBe(200);
    const row = res.data as EquipmentRow;
    expect(row).toMatchObject({
      stationId: station,
      type: 'pcs',
      typeName: 'PCS',
      modelCode: 'PCS-D1',
      parentId: ems.id,
      parentName: ems.name,
      manufacturer: 'Test Works',
      unitPrice: 1.5,
      reportIntervalS: 5,
      pointCount: 2,
    });
    const stored = await ctx.database.db.select().from(points).where(eq(points.deviceId, row.id));
    const model = await ctx.database.db.select().from(modelPoints).where(eq(modelPoints.modelId, modelId));
    expect(stored.map((p) => [p.code, p.unit, p.min, p.max]).sort()).toEqual(
      model.map((p) => [p.code, p.unit, p.min, p.max]).sort(),
    );
    const tree = (await admin(deviceApi.deviceTree, { stationId: station })).data as DeviceNode[];
    expect(flatten(tree).find((n) => n.sn === 'JS-SZ01-PCS-9')?.parentId).toBe(ems.id);

    const page = await admin(equipmentApi.equipmentPage, { stationId: station, keyword: 'pcs-9' });
    expect((page.data as PageOf<EquipmentRow>).rows.map((r) => r.sn)).toEqual(['JS-SZ01-PCS-9']);
    const sorted = await admin(equipmentApi.equipmentPage, { stationId: station, orderBy: 'sn', order: 'desc' });
    const sns = (sorted.data as PageOf<EquipmentRow>).rows.map((r) => r.sn);
    expect(sns).toEqual([...sns].sort().reverse());
    expect((sorted.data as PageOf<EquipmentRow>).rows.some((r) => r.type === 'virtual')).toBe(false);
  });

  it('refuses a serial in use anywhere, a bad serial, an unknown model and a parent elsewhere', async () => {
    const station = sid('JS-SZ01');
    const taken = await admin(equipmentApi.equipmentAdd, { stationId: station, modelId, name: 'x', sn: 'GD-GZ01-EMS' });
    expect(taken.status).toBe(409);
    expect(taken.msg).toBe(translate('zh_CN', 'snTaken', { sn: 'GD-GZ01-EMS' }));
    expect(
      (await admin(equipmentApi.equipmentAdd, { stationId: station, modelId, name: 'x', sn: 'bad/sn' })).status,
    ).toBe(400);
    expect(
      (await admin(equipmentApi.equipmentAdd, { stationId: station, modelId: 999_999, name: 'x', sn: 'NEW-1' })).status,
    ).toBe(404);
    const other = await deviceBySn('GD-GZ01-EMS');
    const parent = await admin(equipmentApi.equipmentAdd, {
      stationId: station,
      modelId,
      name: 'x',
      sn: 'NEW-1',
      parentId: other.id,
    });
    expect(parent.status).toBe(400);
    expect(parent.msg).toBe(translate('zh_CN', 'equipmentParentInvalid'));
    const virtual = await ctx.database.db.select().from(devices).where(eq(devices.type, 'virtual'));
    const v = virtual.find((d) => d.stationId === station);
    expect(
      (await admin(equipmentApi.equipmentAdd, { stationId: station, modelId, name: 'x', sn: 'NEW-1', parentId: v?.id }))
        .status,
    ).toBe(400);
  });

  it('edits a device; a parent below itself is refused', async () => {
    const d = await deviceBySn('JS-SZ01-PCS-9');
    const ems = await deviceBySn('JS-SZ01-EMS');
    const res = await admin(equipmentApi.equipmentUpdate, {
      id: d.id,
      name: 'PCS-9b',
      sn: 'JS-SZ01-PCS-9B',
      parentId: ems.id,
      serviceFee: 0.3,
      reportIntervalS: 15,
      sort: 51,
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ name: 'PCS-9b', sn: 'JS-SZ01-PCS-9B', serviceFee: 0.3, reportIntervalS: 15 });
    const pcs1 = await deviceBySn('JS-SZ01-PCS-1');
    const bms = (await ctx.database.db.select().from(devices).where(eq(devices.parentId, pcs1.id)))[0];
    const cycle = await admin(equipmentApi.equipmentUpdate, {
      id: pcs1.id,
      name: pcs1.name,
      sn: pcs1.sn,
      parentId: bms?.id,
    });
    expect(cycle.status).toBe(400);
    const self = await admin(equipmentApi.equipmentUpdate, {
      id: pcs1.id,
      name: pcs1.name,
      sn: pcs1.sn,
      parentId: pcs1.id,
    });
    expect(self.status).toBe(400);
  });

  it('a device read by a virtual formula keeps its serial and cannot be deleted; one with children cannot either', async () => {
    const gw = await deviceBySn('JS-SZ01-MTR-GW');
    const rename = await admin(equipmentApi.equipmentUpdate, { id: gw.id, name: gw.name, sn: 'JS-SZ01-MTR-GW2' });
    expect(rename.status).toBe(409);
    const del = await admin(equipmentApi.equipmentDelete, { id: gw.id });
    expect(del.status).toBe(409);
    expect(del.msg).toMatch(/^虚拟点位 \S+ 的公式引用了该设备，不能删除$/);
    const ems = await deviceBySn('JS-SZ01-EMS');
    const children = (await ctx.database.db.select().from(devices).where(eq(devices.parentId, ems.id))).length;
    const parent = await admin(equipmentApi.equipmentDelete, { id: ems.id });
    expect(parent.status).toBe(409);
    expect(parent.msg).toBe(translate('zh_CN', 'equipmentHasChildren', { count: children }));
  });

  it('deletes a device with its points', async () => {
    const d = await deviceBySn('JS-SZ01-PCS-9B');
    expect((await admin(equipmentApi.equipmentDelete, { id: d.id })).status).toBe(200);
    expect(await ctx.database.db.select().from(points).where(eq(points.deviceId, d.id))).toEqual([]);
    expect((await admin(equipmentApi.equipmentDetail, { id: d.id })).status).toBe(404);
  });

  it('answers 404 for stations and devices outside the caller scope, 403 without permission', async () => {
    const js = sid('JS-SZ01');
    const jsDevice = await deviceBySn('JS-SZ01-PCS-1');
    const m = tokens.maintainer;
    expect((await hit(ctx.app, m, equipmentApi.equipmentPage, { stationId: js })).status).toBe(404);
    expect((await hit(ctx.app, m, equipmentApi.equipmentDetail, { id: jsDevice.id })).status).toBe(404);
    expect(
      (await hit(ctx.app, m, equipmentApi.equipmentAdd, { stationId: js, modelId, name: 'x', sn: 'MNT-1' })).status,
    ).toBe(404);
    expect(
      (await hit(ctx.app, m, equipmentApi.equipmentUpdate, { id: jsDevice.id, name: 'x', sn: jsDevice.sn })).status,
    ).toBe(404);
    expect((await hit(ctx.app, m, equipmentApi.equipmentDelete, { id: jsDevice.id })).status).toBe(404);
    expect((await hit(ctx.app, m, equipmentApi.equipmentPage, { stationId: sid('GD-GZ01') })).status).toBe(200);
    // The operator sees Jiangsu but holds no equipment permission.
    expect((await hit(ctx.app, tokens.operator, equipmentApi.equipmentPage, { stationId: js })).status).toBe(403);
    expect(
      (
        await hit(ctx.app, tokens.operator, equipmentApi.equipmentAdd, {
          stationId: js,
          modelId,
          name: 'x',
          sn: 'OP-1',
        })
      ).status,
    ).toBe(403);
  });

  it('maintainers add devices in their own stations', async () => {
    const res = await hit(ctx.app, tokens.maintainer, equipmentApi.equipmentAdd, {
      stationId: sid('GD-GZ01'),
      modelId,
      name: 'mine',
      sn: 'GD-GZ01-MINE',
    });
    expect(res.status, res.msg).toBe(200);
    expect(
      (await hit(ctx.app, tokens.maintainer, equipmentApi.equipmentDelete, { id: (res.data as EquipmentRow).id }))
        .status,
    ).toBe(200);
  });
});

describe('devices under an EMS follow its model links', () => {
  it('refuses a device whose model the EMS model does not support', async () => {
    const emsModel = await hit(
      ctx.app,
      tokens.admin,
      equipModelApi.emsModelAdd,
      testModel('EMS-D1', [testPoint('cpu')]),
    );
    const emsModelId = (emsModel.data as ModelSaveResult).id;
    const station = sid('GD-GZ01');
    const ems = await admin(equipmentApi.equipmentAdd, {
      stationId: station,
      modelId: emsModelId,
      name: 'EMS 2',
      sn: 'GD-GZ01-EMS2',
    });
    expect(ems.status, ems.msg).toBe(200);
    const emsId = (ems.data as EquipmentRow).id;
    expect((await admin(relevancyApi.relevancySave, { emsModelId, modelIds: [modelId] })).status).toBe(200);

    const pcs = await modelByCode('PCS-1250');
    const refused = await admin(equipmentApi.equipmentAdd, {
      stationId: station,
      modelId: pcs.id,
      name: 'x',
      sn: 'GD-GZ01-X1',
      parentId: emsId,
    });
    expect(refused.status).toBe(409);
    expect(refused.msg).toBe(translate('zh_CN', 'equipmentModelNotSupported', { ems: 'EMS 2', model: 'PCS-1250' }));
    const ok = await admin(equipmentApi.equipmentAdd, {
      stationId: station,
      modelId,
      name: 'supported',
      sn: 'GD-GZ01-X2',
      parentId: emsId,
    });
    expect(ok.status, ok.msg).toBe(200);
    // Moving a seeded PCS (model PCS-1250) below that EMS is refused too.
    const seeded = await deviceBySn('GD-GZ01-PCS-1').catch(() => null);
    if (seeded) {
      const move = await admin(equipmentApi.equipmentUpdate, {
        id: seeded.id,
        name: seeded.name,
        sn: seeded.sn,
        parentId: emsId,
      });
      expect(move.status).toBe(409);
    }
    // The link in use cannot be taken away.
    expect((await admin(relevancyApi.relevancySave, { emsModelId, modelIds: [pcs.id] })).status).toBe(409);

    const list = await admin(equipmentApi.emsEquipmentPage, { stationId: station });
    const row = (list.data as PageOf<EmsEquipmentRow>).rows.find((r) => r.id === emsId);
    expect(row).toMatchObject({ modelCode: 'EMS-D1', sn: 'GD-GZ01-EMS2' });
    expect(row?.devices.map((d) => d.sn)).toEqual(['GD-GZ01-X2']);
  });
});

describe('EMS equipment', () => {
  it("lists the EMS devices of the caller's stations with the devices below them", async () => {
    const all = (await admin(equipmentApi.emsEquipmentPage, { pageSize: 200 })).data as PageOf<EmsEquipmentRow>;
    const emsCount = (await ctx.database.db.select().from(devices).where(eq(devices.type, 'ems'))).length;
    expect(all.total).toBe(emsCount);
    const js = all.rows.find((r) => r.sn === 'JS-SZ01-EMS');
    expect(js?.modelCode).toBe('EMS-3000');
    expect(js?.devices.map((d) => d.sn)).toContain('JS-SZ01-BMS-1-1');

    const mine = (await hit(ctx.app, tokens.maintainer, equipmentApi.emsEquipmentPage, { pageSize: 200 }))
      .data as PageOf<EmsEquipmentRow>;
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.sn.startsWith('GD-'))).toBe(true);
    expect(
      (await hit(ctx.app, tokens.maintainer, equipmentApi.emsEquipmentPage, { stationId: sid('JS-SZ01') })).status,
    ).toBe(404);
    expect((await hit(ctx.app, tokens.operator, equipmentApi.emsEquipmentPage, {})).status).toBe(403);
  });
});
