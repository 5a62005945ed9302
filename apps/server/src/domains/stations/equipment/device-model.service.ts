import {
  DEVICE_TYPE_NAMES,
  type DeviceModelBody,
  type DeviceModelDetail,
  type DeviceModelOption,
  type DeviceModelRow,
  duplicatePointCodes,
  fillNames,
  type Lang,
  type ModelPoint,
  type ModelPointValues,
  type ModelSaveResult,
  modelPointProblem,
  type PointImportResult,
  ResultCode,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deviceModels } from '../../../db/schema';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError, notFound } from '../../../lib/app-error';
import type { FileAnswer } from '../../../lib/endpoint-route';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import { localName } from '../device';
import {
  deleteModel,
  findModel,
  insertModel,
  listModels,
  type ModelDeviceType,
  type ModelFilter,
  type ModelRecord,
  type ModelValues,
  modelCodeTaken,
  type PointRowValues,
  pageModels,
  pendingRemoval,
  pointsOfModel,
  pruneDevicePoints,
  replaceModelPoints,
  stationsOfModel,
  updateModel,
} from './device-model.repository';
import { findModelType } from './model-type.repository';
import { PROBLEM_KEY, pointSheet, readPointSheet } from './point-sheet';
import { devicesChanged } from './registry-refresh';
import { isUniqueViolation } from './unique-violation';

type ModelType = Exclude<ModelDeviceType, 'virtual'>;
/** Models are never virtual (a virtual device has no model); the column's type is the wider one. */
const modelType = (t: ModelDeviceType): ModelType => (t === 'virtual' ? 'ems' : t);

const codeTaken = (code: string) => new AppError(409, ResultCode.CONFLICT, 'modelCodeTaken', { code });

export const modelRowView = (r: ModelRecord, lang: Lang): DeviceModelRow => ({
  id: r.id,
  code: r.code,
  name: localName(r.names, lang, r.code),
  names: r.names,
  deviceType: modelType(r.type),
  deviceTypeName: DEVICE_TYPE_NAMES[r.type][lang],
  modelTypeId: r.modelTypeId,
  modelTypeName: r.modelTypeNames ? localName(r.modelTypeNames, lang) : null,
  manufacturer: r.manufacturer,
  rated: r.rated,
  pointCount: r.pointCount,
  deviceCount: r.deviceCount,
});

export const modelOption = (r: ModelRecord, lang: Lang): DeviceModelOption => ({
  id: r.id,
  code: r.code,
  name: localName(r.names, lang, r.code),
  deviceType: modelType(r.type),
  manufacturer: r.manufacturer,
});

const pointRow = (p: ModelPointValues): PointRowValues => ({
  ...p,
  names: fillNames(p.names),
  states: p.states ? Object.fromEntries(Object.entries(p.states).map(([k, v]) => [k, fillNames(v)])) : null,
});

/** The point rules of a whole list (each point's fields were checked by the schema). */
function checkPoints(points: ModelPointValues[]): void {
  const [duplicate] = duplicatePointCodes(points.map((p) => p.code)).keys();
  if (duplicate !== undefined)
    throw new AppError(400, ResultCode.BAD_REQUEST, 'pointCodeDuplicate', { code: duplicate });
  for (const p of points) {
    const problem = modelPointProblem(p);
    if (problem) throw new AppError(400, ResultCode.BAD_REQUEST, PROBLEM_KEY[problem], { code: p.code });
  }
}

/**
 * Device models and their point lists (/system/equip-model; EMS models are those of type `ems`).
 * Devices copy their model's points: a change of the list reaches every device of the model
 * (new points added, changed definitions applied); dropped points stay on the devices with their
 * history until `prunePoints`, and are listed as `pendingRemoval` meanwhile. Ingest registries
 * are reloaded before a change answers.
 */
export class DeviceModelService {
  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
    private readonly telemetry: TelemetryRuntime | null,
  ) {}

  async page(q: ModelFilter, lang: Lang) {
    const { rows, total } = await pageModels(this.db, q, lang);
    return { rows: rows.map((r) => modelRowView(r, lang)), total };
  }

  async list(deviceType: ModelType | undefined, lang: Lang): Promise<DeviceModelOption[]> {
    const rows = await listModels(this.db, deviceType ? eq(deviceModels.type, deviceType) : undefined);
    return rows.map((r) => modelOption(r, lang));
  }

  async detail(id: number, lang: Lang, only?: ModelType): Promise<DeviceModelDetail> {
    const model = await this.find(id, only);
    const points: ModelPoint[] = (await pointsOfModel(this.db, id)).map((p) => ({
      id: p.id,
      code: p.code,
      name: localName(p.names, lang, p.code),
      names: p.names,
      unit: p.unit,
      kind: p.kind,
      precision: p.precision,
      min: p.min,
      max: p.max,
      counter: p.counter,
      fast: p.fast,
      states: p.states,
      limit: p.limit,
      sort: p.sort,
    }));
    return { ...modelRowView(model, lang), points, pendingRemoval: await pendingRemoval(this.db, id) };
  }

  async add(body: DeviceModelBody): Promise<ModelSaveResult> {
    checkPoints(body.points);
    const values = await this.values(body);
    if (await modelCodeTaken(this.db, body.code)) throw codeTaken(body.code);
    const id = await this.db
      .transaction(async (tx) => {
        const id = await insertModel(tx, values);
        await replaceModelPoints(tx, id, body.points.map(pointRow));
        return id;
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? codeTaken(body.code) : e;
      });
    return { id, devicePointsAdded: 0, pendingRemoval: [] };
  }

  async update(body: DeviceModelBody & { id: number }, only?: ModelType): Promise<ModelSaveResult> {
    const current = await this.find(body.id, only);
    checkPoints(body.points);
    const values = await this.values(body);
    if (current.deviceCount > 0 && current.type !== body.deviceType)
      throw new AppError(409, ResultCode.CONFLICT, 'modelDeviceTypeLocked');
    if (await modelCodeTaken(this.db, body.code, body.id)) throw codeTaken(body.code);
    const added = await this.db
      .transaction(async (tx) => {
        await updateModel(tx, body.id, values);
        return replaceModelPoints(tx, body.id, body.points.map(pointRow));
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? codeTaken(body.code) : e;
      });
    return this.saved(body.id, added);
  }

  async remove(id: number, only?: ModelType): Promise<null> {
    const current = await this.find(id, only);
    if (current.deviceCount > 0)
      throw new AppError(409, ResultCode.CONFLICT, 'modelInUse', { count: current.deviceCount });
    // A device added meanwhile holds a foreign key to the model: the delete fails instead of orphaning it.
    await deleteModel(this.db, id).catch((e: unknown) => {
      if (isForeignKeyViolation(e)) throw new AppError(409, ResultCode.CONFLICT, 'modelInUse', { count: 1 });
      throw e;
    });
    return null;
  }

  async prunePoints(id: number, only?: ModelType): Promise<{ removed: number }> {
    await this.find(id, only);
    const removed = await this.db.transaction((tx) => pruneDevicePoints(tx, id));
    if (removed > 0) await devicesChanged(this.bus, this.telemetry, await stationsOfModel(this.db, id));
    return { removed };
  }

  async exportPoints(id: number, lang: Lang, only?: ModelType): Promise<FileAnswer> {
    const detail = await this.detail(id, lang, only);
    return { format: 'xlsx', name: `${detail.code}-points`, sheets: [pointSheet(detail.code, detail.points)] };
  }

  /** Replaces the model's points with the file's: all rows valid, or nothing changes. */
  async importPoints(id: number, file: string, lang: Lang, only?: ModelType): Promise<PointImportResult> {
    await this.find(id, only);
    const { points, errors } = await readPointSheet(Buffer.from(file, 'base64'), lang);
    if (errors.length) return { imported: 0, errors };
    const added = await this.db.transaction((tx) => replaceModelPoints(tx, id, points.map(pointRow)));
    await this.saved(id, added);
    return { imported: points.length, errors: [] };
  }

  private async saved(id: number, added: number): Promise<ModelSaveResult> {
    const stations = await stationsOfModel(this.db, id);
    if (stations.length) await devicesChanged(this.bus, this.telemetry, stations);
    return { id, devicePointsAdded: added, pendingRemoval: await pendingRemoval(this.db, id) };
  }

  private async find(id: number, only?: ModelType): Promise<ModelRecord> {
    const model = await findModel(this.db, id);
    if (!model || (only && model.type !== only)) throw notFound('modelNotFound');
    return model;
  }

  /** The stored fields; the model type must exist and be one of the model's device type. */
  private async values(body: DeviceModelBody): Promise<ModelValues> {
    if (body.modelTypeId !== null) {
      const type = await findModelType(this.db, body.modelTypeId);
      if (!type) throw notFound('modelTypeNotFound');
      if (type.deviceType !== body.deviceType)
        throw new AppError(400, ResultCode.BAD_REQUEST, 'modelTypeMismatch', { modelType: type.code });
    }
    return {
      code: body.code,
      type: body.deviceType,
      names: fillNames(body.names),
      modelTypeId: body.modelTypeId,
      manufacturer: body.manufacturer,
      rated: body.rated,
    };
  }
}

/** PostgreSQL's foreign_key_violation, possibly wrapped by Drizzle. */
const isForeignKeyViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23503') return true;
  }
  return false;
};
