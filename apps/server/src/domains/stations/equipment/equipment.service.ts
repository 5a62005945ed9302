import {
  DEVICE_TYPE_NAMES,
  type EquipmentAddBody,
  type EquipmentRow,
  type EquipmentUpdateBody,
  formulaInputs,
  type Lang,
  parseFormula,
  ResultCode,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices } from '../../../db/schema';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import { assertDeviceInScope, localName, rowName } from '../device';
import { addModelPointsToDevices, findModel } from './device-model.repository';
import { assertEmsSupports, subtree, type TreeDevice, treeDevicesOf } from './ems-support';
import {
  type EquipmentFilter,
  type EquipmentRecord,
  findEquipment,
  pageEquipment,
  snOwner,
  stationFormulas,
} from './equipment.repository';
import { devicesChanged } from './registry-refresh';
import { isUniqueViolation } from './unique-violation';

export const equipmentView = (r: EquipmentRecord, lang: Lang): EquipmentRow => ({
  id: r.device.id,
  stationId: r.device.stationId,
  stationName: r.stationName,
  name: rowName(r.device, lang),
  sn: r.device.sn,
  type: r.device.type,
  typeName: DEVICE_TYPE_NAMES[r.device.type][lang],
  modelId: r.device.modelId,
  modelCode: r.modelCode,
  modelName: r.modelNames ? localName(r.modelNames, lang, r.modelCode ?? '') : null,
  parentId: r.device.parentId,
  parentName: r.parentName === null ? null : localName(r.parentNames, lang, r.parentName),
  manufacturer: r.device.manufacturer,
  unitPrice: r.device.unitPrice,
  serviceFee: r.device.serviceFee,
  reportIntervalS: r.device.reportIntervalS,
  sort: r.device.sort,
  status: r.device.status,
  lastSeenAt: r.device.lastSeenAt?.getTime() ?? null,
  pointCount: r.pointCount,
});

const snTaken = (sn: string) => new AppError(409, ResultCode.CONFLICT, 'snTaken', { sn });
const badParent = () => new AppError(400, ResultCode.BAD_REQUEST, 'equipmentParentInvalid');

/**
 * Real devices of a station (/system/equipment). A device takes its type and points from its
 * model; its serial is unique across the platform (it is the MQTT identity). Every change is
 * in the ingest registry before the call answers, so a new device may publish at once.
 */
export class EquipmentService {
  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
    private readonly telemetry: TelemetryRuntime | null,
  ) {}

  async page(user: SessionUser, q: EquipmentFilter, lang: Lang) {
    await assertStationInScope(this.db, user, q.stationId);
    const { rows, total } = await pageEquipment(this.db, q, lang);
    return { rows: rows.map((r) => equipmentView(r, lang)), total };
  }

  async detail(user: SessionUser, id: number, lang: Lang): Promise<EquipmentRow> {
    return equipmentView(await this.inScope(user, id), lang);
  }

  async add(user: SessionUser, body: EquipmentAddBody, lang: Lang): Promise<EquipmentRow> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const model = await findModel(this.db, body.modelId);
    if (!model) throw notFound('modelNotFound');
    if ((await snOwner(this.db, body.sn)) !== undefined) throw snTaken(body.sn);
    const tree = await treeDevicesOf(this.db, [station.id], lang);
    this.checkParent(tree, body.parentId, null);
    const added: TreeDevice = {
      id: 0,
      stationId: station.id,
      parentId: body.parentId,
      type: model.type,
      name: body.name,
      modelId: model.id,
    };
    await assertEmsSupports(this.db, [...tree, added], [added]);
    const id = await this.db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(devices)
          .values({
            stationId: station.id,
            modelId: model.id,
            parentId: body.parentId,
            type: model.type,
            name: body.name,
            sn: body.sn,
            manufacturer: body.manufacturer ?? model.manufacturer,
            unitPrice: body.unitPrice,
            serviceFee: body.serviceFee,
            reportIntervalS: body.reportIntervalS,
            sort: body.sort,
          })
          .returning({ id: devices.id });
        if (!row) throw new Error('device not inserted');
        await addModelPointsToDevices(tx, model.id, row.id);
        return row.id;
      })
      .catch((e: unknown) => {
        // Another request took the serial between the check and the insert.
        throw isUniqueViolation(e) ? snTaken(body.sn) : e;
      });
    await devicesChanged(this.bus, this.telemetry, [station.id]);
    return this.detail(user, id, lang);
  }

  async update(user: SessionUser, body: EquipmentUpdateBody, lang: Lang): Promise<EquipmentRow> {
    const current = await this.inScope(user, body.id);
    const d = current.device;
    if (body.sn !== d.sn) {
      if ((await snOwner(this.db, body.sn)) !== undefined) throw snTaken(body.sn);
      const readers = await this.formulaReaders(d.stationId, d.sn);
      if (readers.length)
        throw new AppError(409, ResultCode.CONFLICT, 'equipmentSnReadByFormula', { points: readers.join(', ') });
    }
    const tree = await treeDevicesOf(this.db, [d.stationId], lang);
    if (body.parentId !== d.parentId) {
      this.checkParent(tree, body.parentId, d.id);
      const moved = tree.map((t) => (t.id === d.id ? { ...t, parentId: body.parentId } : t));
      await assertEmsSupports(this.db, moved, subtree(moved, d.id));
    }
    // The name as shown in this language came back: not a rename, the seeded translations stay.
    // A new name is what the user typed, in every language.
    const renamed = body.name !== rowName(d, lang);
    await this.db
      .update(devices)
      .set({
        ...(renamed ? { name: body.name, names: {} } : {}),
        sn: body.sn,
        parentId: body.parentId,
        manufacturer: body.manufacturer,
        unitPrice: body.unitPrice,
        serviceFee: body.serviceFee,
        reportIntervalS: body.reportIntervalS,
        sort: body.sort,
        updateTime: new Date(),
      })
      .where(eq(devices.id, d.id))
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? snTaken(body.sn) : e;
      });
    await devicesChanged(this.bus, this.telemetry, [d.stationId]);
    return this.detail(user, d.id, lang);
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    const { device } = await this.inScope(user, id);
    // Only counts children: no name is shown.
    const tree = await treeDevicesOf(this.db, [device.stationId], 'zh_CN');
    const children = tree.filter((t) => t.parentId === device.id).length;
    if (children > 0) throw new AppError(409, ResultCode.CONFLICT, 'equipmentHasChildren', { count: children });
    const readers = await this.formulaReaders(device.stationId, device.sn);
    if (readers.length)
      throw new AppError(409, ResultCode.CONFLICT, 'equipmentReadByFormula', { points: readers.join(', ') });
    await this.db.delete(devices).where(eq(devices.id, device.id));
    await devicesChanged(this.bus, this.telemetry, [device.stationId]);
    return null;
  }

  /** A real device of a station in the caller's scope (a virtual one is not this page's). */
  private async inScope(user: SessionUser, id: number): Promise<EquipmentRecord> {
    await assertDeviceInScope(this.db, user, id);
    const row = await findEquipment(this.db, id);
    if (!row || row.device.type === 'virtual') throw notFound('deviceNotFound');
    return row;
  }

  /** The parent is another real device of the station, not below `self`. */
  private checkParent(tree: readonly TreeDevice[], parentId: number | null, self: number | null): void {
    if (parentId === null) return;
    const parent = tree.find((t) => t.id === parentId);
    if (!parent || parent.type === 'virtual') throw badParent();
    if (self !== null && subtree(tree, self).some((t) => t.id === parentId)) throw badParent();
  }

  /** Virtual points (`sn.code`) whose formula names the serial `sn`. */
  private async formulaReaders(stationId: number, sn: string): Promise<string[]> {
    const out: string[] = [];
    for (const p of await stationFormulas(this.db, stationId)) {
      if (p.formula === null) continue;
      try {
        if (formulaInputs(parseFormula(p.formula)).refs.some((r) => r.sn === sn)) out.push(`${p.sn}.${p.code}`);
      } catch {
        // A formula that does not parse reads nothing.
      }
    }
    return out;
  }
}
