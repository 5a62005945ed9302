import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointOffsets } from '../../../db/config-schema';
import { points } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../test/harness';
import { PointRegistry } from './point-registry';
import { createTestStation, type TestStation } from './test-station.kit';

describe('the point registry’s periodic check', () => {
  let ctx: TestContext;
  let registry: PointRegistry;
  let station: TestStation;

  beforeAll(async () => {
    ctx = await createTestApp({ TELEMETRY: 'off' });
    station = await createTestStation(ctx.database.db, { pcs: 1 });
    registry = new PointRegistry(ctx.database.db);
    await registry.reload();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const pcs = () => station.pcs[0];
  const pointOf = (code: string) => registry.snapshot.devicesById.get(pcs()?.id ?? 0)?.points.get(code);

  it('reloads only after the tables changed, and then reads the change', async () => {
    // Nothing changed since the load: the snapshot (a fleet's seconds of the event loop) is kept.
    const before = registry.snapshot;
    expect(await registry.reloadIfChanged()).toBe(false);
    expect(registry.snapshot).toBe(before);

    // A point's range changed behind the registry's back (another instance, its relay message lost).
    const pId = pcs()?.points.get('p') ?? 0;
    await ctx.database.db.update(points).set({ max: 4321 }).where(eq(points.id, pId));
    expect(await registry.reloadIfChanged()).toBe(true);
    expect(pointOf('p')?.max).toBe(4321);
    expect(await registry.reloadIfChanged()).toBe(false);

    // A calibration added, then a point deleted: each is seen.
    await ctx.database.db.insert(pointOffsets).values({ pointId: pId, scale: 2, offset: 1 });
    expect(await registry.reloadIfChanged()).toBe(true);
    expect(pointOf('p')).toMatchObject({ scale: 2, offset: 1 });
    const qId = pcs()?.points.get('q') ?? 0;
    await ctx.database.db.delete(points).where(eq(points.id, qId));
    expect(await registry.reloadIfChanged()).toBe(true);
    expect(pointOf('q')).toBeUndefined();
  });
});
