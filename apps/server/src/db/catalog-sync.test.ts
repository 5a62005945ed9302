import { DEVICE_MODELS } from '@ess/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { syncCatalogPoints } from './catalog-sync';
import { deviceModels, devices, modelPoints, points } from './schema';

const NEW = ['dcBreakerState', 'dcBreaker'];

describe('catalogue point sync', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ SIMULATOR: 'off', TELEMETRY: 'off' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('adds points a release added to a built-in model to the model and its devices, once', async () => {
    const db = ctx.database.db;
    expect(await syncCatalogPoints(db)).toBe(0);
    // A database seeded before the PCS had a DC breaker.
    const [model] = await db
      .select({ id: deviceModels.id })
      .from(deviceModels)
      .where(eq(deviceModels.code, 'PCS-1250'));
    const modelId = model?.id ?? 0;
    const pcs = await db.select({ id: devices.id }).from(devices).where(eq(devices.modelId, modelId));
    expect(pcs.length).toBeGreaterThan(0);
    await db.delete(modelPoints).where(and(eq(modelPoints.modelId, modelId), inArray(modelPoints.code, NEW)));
    const ids = pcs.map((d) => d.id);
    await db.delete(points).where(and(inArray(points.deviceId, ids), inArray(points.code, NEW)));
    // An administrator's own change to a device point survives.
    await db
      .update(points)
      .set({ unit: 'kW!' })
      .where(and(inArray(points.deviceId, ids), eq(points.code, 'pSet')));

    expect(await syncCatalogPoints(db)).toBe(NEW.length);
    const def = DEVICE_MODELS.find((m) => m.code === 'PCS-1250');
    const breaker = def?.points.find((p) => p.code === 'dcBreakerState');
    const rows = await db
      .select({
        deviceId: points.deviceId,
        code: points.code,
        kind: points.kind,
        states: points.states,
        fast: points.fast,
      })
      .from(points)
      .where(and(inArray(points.deviceId, ids), inArray(points.code, NEW)));
    expect(rows).toHaveLength(ids.length * NEW.length);
    expect(rows.find((r) => r.code === 'dcBreakerState')).toMatchObject({
      kind: 'status',
      states: breaker?.states,
      fast: true,
    });
    const units = await db
      .select({ unit: points.unit })
      .from(points)
      .where(and(inArray(points.deviceId, ids), eq(points.code, 'pSet')));
    expect(units.every((u) => u.unit === 'kW!')).toBe(true);
    expect(await syncCatalogPoints(db)).toBe(0);
  });
});
