import { type Lang, type RelevancyRow, type RelevancySaveBody, ResultCode } from '@ess/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { emsModelLinks } from '../../../db/equipment-schema';
import { deviceModels, devices } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/app-error';
import { localName } from '../device';
import { findModel, listModels, type ModelFilter, modelsByIds, pageModels } from './device-model.repository';
import { modelOption } from './device-model.service';
import { nearestEms, treeDevicesOf } from './ems-support';

/**
 * Which device models an EMS model supports (/system/equipment-model-relevancy). Devices placed
 * below an EMS device must have a supported model (an EMS model without links supports any);
 * a link still used by such a device cannot be taken away.
 */
export class RelevancyService {
  constructor(private readonly db: Db) {}

  async page(q: Omit<ModelFilter, 'deviceType' | 'modelTypeId'>, lang: Lang) {
    const { rows, total } = await pageModels(this.db, { ...q, deviceType: 'ems' }, lang);
    const links = rows.length
      ? await this.db
          .select()
          .from(emsModelLinks)
          .where(
            inArray(
              emsModelLinks.emsModelId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    const models = await listModels(
      this.db,
      links.length
        ? inArray(
            deviceModels.id,
            links.map((l) => l.modelId),
          )
        : undefined,
    );
    const byId = new Map(models.map((m) => [m.id, m]));
    const out: RelevancyRow[] = rows.map((r) => ({
      emsModelId: r.id,
      emsModelCode: r.code,
      emsModelName: localName(r.names, lang, r.code),
      models: links
        .filter((l) => l.emsModelId === r.id)
        .flatMap((l) => {
          const m = byId.get(l.modelId);
          return m ? [modelOption(m, lang)] : [];
        })
        .sort((a, b) => a.code.localeCompare(b.code)),
    }));
    return { rows: out, total };
  }

  async save(body: RelevancySaveBody, lang: Lang): Promise<null> {
    const ems = await findModel(this.db, body.emsModelId);
    if (!ems) throw notFound('modelNotFound');
    if (ems.type !== 'ems') throw new AppError(400, ResultCode.BAD_REQUEST, 'emsModelNotEms');
    const ids = [...new Set(body.modelIds)];
    const found = await modelsByIds(this.db, ids);
    if (found.length !== ids.length) throw notFound('modelNotFound');
    if (found.some((m) => m.type === 'ems')) throw new AppError(400, ResultCode.BAD_REQUEST, 'relevancyEmsModel');
    if (ids.length > 0) await this.assertStillSupported(ems.id, new Set(ids), lang);
    await this.db.transaction(async (tx) => {
      await tx.delete(emsModelLinks).where(eq(emsModelLinks.emsModelId, ems.id));
      if (ids.length) await tx.insert(emsModelLinks).values(ids.map((modelId) => ({ emsModelId: ems.id, modelId })));
    });
    return null;
  }

  /** Every device below an EMS of this model keeps a supported model; a refusal names the device in `lang`. */
  private async assertStillSupported(emsModelId: number, allowed: Set<number>, lang: Lang): Promise<void> {
    const stations = await this.db
      .selectDistinct({ stationId: devices.stationId })
      .from(devices)
      .where(and(eq(devices.type, 'ems'), eq(devices.modelId, emsModelId)));
    const list = await treeDevicesOf(
      this.db,
      stations.map((s) => s.stationId),
      lang,
    );
    const byId = new Map(list.map((d) => [d.id, d]));
    for (const d of list) {
      if (d.type === 'ems') continue;
      const ems = nearestEms(byId, d.parentId);
      if (ems?.modelId !== emsModelId || (d.modelId !== null && allowed.has(d.modelId))) continue;
      const [model] = d.modelId === null ? [] : await modelsByIds(this.db, [d.modelId]);
      throw new AppError(409, ResultCode.CONFLICT, 'relevancyInUse', { device: d.name, model: model?.code ?? '-' });
    }
  }
}
