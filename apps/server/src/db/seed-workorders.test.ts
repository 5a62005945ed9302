import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { settings } from './schema';
import { syncBuiltInProcesses } from './seed-workorders';
import { processDefinitions as d } from './workorder-schema';

describe('built-in processes of a database seeded before the SLA timers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TELEMETRY: 'off' });
  });
  afterAll(() => ctx?.close());

  it('get the timed XML once as the next version, unless an administrator made the newest', async () => {
    const db = ctx.database.db;
    // As an older release left it: version 1 without boundary timers, the upgrade never run.
    const untimed = (xml: string) => xml.replace(/ ess:sla="(reminder|overdue)"/g, '');
    for (const row of await db.select().from(d))
      await db
        .update(d)
        .set({ xml: untimed(row.xml) })
        .where(eq(d.id, row.id));
    await db.delete(settings).where(eq(settings.key, 'seed.workorderProcesses.slaTimers'));
    // The administrator uploaded their own newest cleaning process: it stays newest.
    const [cleaning] = await db.select().from(d).where(eq(d.key, 'station_cleaning'));
    if (!cleaning) throw new Error('seeded');
    await db.insert(d).values({ ...cleaning, id: undefined, version: 2, builtIn: false });

    await syncBuiltInProcesses(db);
    await syncBuiltInProcesses(db);

    const rows = await db.select().from(d);
    const versions = (key: string) =>
      rows
        .filter((r) => r.key === key)
        .map((r) => [r.version, r.builtIn, r.xml.includes('ess:sla="overdue"')])
        .sort();
    expect(versions('fault_repair')).toEqual([
      [1, true, false],
      [2, true, true],
    ]);
    expect(versions('station_cleaning')).toEqual([
      [1, true, false],
      [2, false, false],
    ]);
    const [v2] = await db
      .select()
      .from(d)
      .where(and(eq(d.key, 'fault_repair'), eq(d.version, 2)));
    expect(v2?.nodes).toEqual(rows.find((r) => r.key === 'fault_repair' && r.version === 1)?.nodes);
  });
});
