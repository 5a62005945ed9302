import {
  DEVICE_TYPE_NAMES,
  fillNames,
  type Lang,
  type ModelTypeBody,
  type ModelTypePageBody,
  type ModelTypeRow,
  type ModelTypeUpdateBody,
  ResultCode,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { modelTypes } from '../../../db/equipment-schema';
import { AppError, notFound } from '../../../lib/app-error';
import { localName } from '../device';
import {
  findModelType,
  listModelTypes,
  type ModelTypeRecord,
  modelTypeCodeTaken,
  pageModelTypes,
} from './model-type.repository';
import { isUniqueViolation } from './unique-violation';

const codeTaken = (code: string) => new AppError(409, ResultCode.CONFLICT, 'modelTypeCodeTaken', { code });

export const modelTypeView = (r: ModelTypeRecord, lang: Lang): ModelTypeRow => ({
  id: r.id,
  code: r.code,
  name: localName(r.names, lang, r.code),
  names: r.names,
  deviceType: r.deviceType,
  deviceTypeName: DEVICE_TYPE_NAMES[r.deviceType][lang],
  sort: r.sort,
  modelCount: r.modelCount,
});

/** Model types (/system/model-type): a managed list of model categories. */
export class ModelTypeService {
  constructor(private readonly db: Db) {}

  async page(q: ModelTypePageBody, lang: Lang) {
    const { rows, total } = await pageModelTypes(this.db, q, lang);
    return { rows: rows.map((r) => modelTypeView(r, lang)), total };
  }

  async list(deviceType: ModelTypeBody['deviceType'] | undefined, lang: Lang): Promise<ModelTypeRow[]> {
    return (await listModelTypes(this.db, deviceType)).map((r) => modelTypeView(r, lang));
  }

  async add(body: ModelTypeBody, lang: Lang): Promise<ModelTypeRow> {
    if (await modelTypeCodeTaken(this.db, body.code)) throw codeTaken(body.code);
    const [row] = await this.db
      .insert(modelTypes)
      .values({ code: body.code, names: fillNames(body.names), deviceType: body.deviceType, sort: body.sort })
      .returning({ id: modelTypes.id })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? codeTaken(body.code) : e;
      });
    return this.view(row?.id, lang);
  }

  async update(body: ModelTypeUpdateBody, lang: Lang): Promise<ModelTypeRow> {
    const current = await findModelType(this.db, body.id);
    if (!current) throw notFound('modelTypeNotFound');
    if (await modelTypeCodeTaken(this.db, body.code, body.id)) throw codeTaken(body.code);
    // Its models carry the device type: a type in use keeps it.
    if (current.modelCount > 0 && current.deviceType !== body.deviceType)
      throw new AppError(409, ResultCode.CONFLICT, 'modelTypeDeviceTypeLocked');
    await this.db
      .update(modelTypes)
      .set({
        code: body.code,
        names: fillNames(body.names),
        deviceType: body.deviceType,
        sort: body.sort,
        updateTime: new Date(),
      })
      .where(eq(modelTypes.id, body.id))
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? codeTaken(body.code) : e;
      });
    return this.view(body.id, lang);
  }

  async remove(id: number): Promise<null> {
    const current = await findModelType(this.db, id);
    if (!current) throw notFound('modelTypeNotFound');
    if (current.modelCount > 0)
      throw new AppError(409, ResultCode.CONFLICT, 'modelTypeInUse', { count: current.modelCount });
    await this.db.delete(modelTypes).where(eq(modelTypes.id, id));
    return null;
  }

  private async view(id: number | undefined, lang: Lang): Promise<ModelTypeRow> {
    const row = id === undefined ? undefined : await findModelType(this.db, id);
    if (!row) throw notFound('modelTypeNotFound');
    return modelTypeView(row, lang);
  }
}
