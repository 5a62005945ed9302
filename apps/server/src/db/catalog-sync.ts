import { DEVICE_MODELS, type DeviceModelDef } from '@ess/contract';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { pointRow } from './point-row';
import { deviceModels, devices, modelPoints, points } from './schema';

/**
 * Points a later release adds to a built-in model (e.g. the PCS's DC breaker) reach databases
 * seeded before it: the model gets the point, and so does every device of the model, so their
 * telemetry is stored rather than quarantined. Only adds: points administrators changed or
 * removed on a device are not touched, nor models they deleted. Returns the points added to models.
 */
export async function syncCatalogPoints(db: Db, catalogue: readonly DeviceModelDef[] = DEVICE_MODELS): Promise<number> {
  let added = 0;
  for (const def of catalogue) {
    const [model] = await db.select({ id: deviceModels.id }).from(deviceModels).where(eq(deviceModels.code, def.code));
    if (!model) continue;
    const have = new Set(
      (await db.select({ code: modelPoints.code }).from(modelPoints).where(eq(modelPoints.modelId, model.id))).map(
        (r) => r.code,
      ),
    );
    const missing = def.points.map((p, i) => ({ p, sort: i + 1 })).filter(({ p }) => !have.has(p.code));
    if (missing.length === 0) continue;
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(modelPoints)
        .values(missing.map(({ p, sort }) => ({ modelId: model.id, ...pointRow(p, sort) })))
        .onConflictDoNothing()
        .returning({ code: modelPoints.code });
      added += inserted.length;
      const of = await tx.select({ id: devices.id }).from(devices).where(eq(devices.modelId, model.id));
      if (of.length === 0) return;
      await tx
        .insert(points)
        .values(of.flatMap((d) => missing.map(({ p, sort }) => ({ deviceId: d.id, ...pointRow(p, sort) }))))
        .onConflictDoNothing();
    });
  }
  return added;
}
