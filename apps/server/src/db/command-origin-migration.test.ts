import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CommandKind, CommandOrigin } from '@ess/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { rerunMigrationData } from '../test/migration-data';
import type { Database } from './client';
import { commands } from './command-schema';
import { stations } from './schema';
import { sequenceRunSteps, sequenceRuns } from './sequence-schema';

/**
 * Migration 0033 gives every stored command the origin it was issued by: configuration pushes
 * and plan curves by their kind, point commands a sequential control run lists as a step's,
 * and the other point commands a user's control call.
 */
describe('the origin of commands stored before migration 0033', () => {
  let dir: string;
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ess-origin-'));
    ({ database, drop } = await createTestDatabase(dir));
  });
  afterAll(async () => {
    await database.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is read from the kind and from the runs that list the command', async () => {
    const { db } = database;
    const [station] = await db.select({ id: stations.id }).from(stations).orderBy(asc(stations.id)).limit(1);
    if (!station) throw new Error('no station');
    const stored = async (commandId: string, kind: CommandKind) => {
      const [row] = await db
        .insert(commands)
        .values({ commandId, stationId: station.id, kind, origin: 'control', payload: {}, timeoutS: 30 })
        .returning({ id: commands.id });
      if (!row) throw new Error('not stored');
      return row.id;
    };
    const ids = {
      userPoint: await stored('m-user', 'points'),
      stepPoint: await stored('m-step', 'points'),
      sync: await stored('m-sync', 'configSync'),
      virtual: await stored('m-virtual', 'virtualSync'),
      plan: await stored('m-plan', 'planCurve'),
    };
    const [run] = await db
      .insert(sequenceRuns)
      .values({ templateName: 'T', stationId: station.id, steps: [], state: 'success' })
      .returning({ id: sequenceRuns.id });
    if (!run) throw new Error('no run');
    await db.insert(sequenceRunSteps).values([
      { runId: run.id, idx: 1, name: 'a', commandIds: [ids.userPoint + 1000, ids.stepPoint] },
      { runId: run.id, idx: 2, name: 'b', commandIds: [] },
    ]);

    await rerunMigrationData(db, '0033_command_origin.sql');

    const rows = await db.select({ id: commands.id, origin: commands.origin }).from(commands);
    const originOf = (id: number) => rows.find((r) => r.id === id)?.origin;
    const expected: Record<keyof typeof ids, CommandOrigin> = {
      userPoint: 'control',
      stepPoint: 'sequenceStep',
      sync: 'configSync',
      virtual: 'virtualSync',
      plan: 'planCurve',
    };
    for (const [name, id] of Object.entries(ids)) {
      expect(originOf(id), name).toBe(expected[name as keyof typeof ids]);
    }
  });
});
