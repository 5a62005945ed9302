import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { names } from '@ess/contract';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { devices, orgs, points, stations } from '../apps/server/src/db/schema';
import { rotateDeviceSecret } from '../apps/server/src/domains/stations/device/device-secret';
import { smokeImage } from './smoke-image';

export type BenchDatabase = { database: Database; label: string; drop: () => Promise<void> };

/**
 * A fresh database for one run: PGlite on disk (as the server runs it) or a new PostgreSQL
 * database. A smoke run's PGlite is in memory, already migrated and seeded (smoke-image.ts).
 */
export async function openBenchDatabase(kind: 'pglite' | 'postgres', baseUrl: string): Promise<BenchDatabase> {
  const image = kind === 'pglite' ? smokeImage() : null;
  if (image) {
    const database = await openDatabase({ dataDir: undefined, image });
    return { database, label: 'PGlite 0.5 (in memory, smoke image)', drop: () => database.close() };
  }
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'ess-bench-'));
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      label: 'PGlite 0.5 (on disk)',
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `ess_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const [version] = (await admin.query<{ server_version: string }>('SHOW server_version')).rows;
  // The settings a fleet's WAL depends on (docs/deployment.md): printed, not assumed.
  const settings = (
    await admin.query<{ name: string; value: string }>(
      `SELECT name, current_setting(name) AS value FROM pg_settings
       WHERE name IN ('shared_buffers', 'max_wal_size', 'wal_compression') ORDER BY name`,
    )
  ).rows;
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    label: `PostgreSQL ${version?.server_version ?? ''} (${settings.map((r) => `${r.name} ${r.value}`).join(', ')})`,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type BenchDevice = { id: number; sn: string; password: string; pointIds: number[] };
export type BenchStation = { code: string; devices: BenchDevice[]; codes: string[] };

/** One station of `count` devices with `pointCount` telemetry points each, and their MQTT secrets. */
export async function createBenchStation(database: Database, count: number, pointCount: number): Promise<BenchStation> {
  const { db } = database;
  const [org] = await db.insert(orgs).values({ code: 'BENCH', name: 'Bench' }).returning({ id: orgs.id });
  const code = 'BENCH';
  const [station] = await db
    .insert(stations)
    .values({
      code,
      name: 'Ingest bench',
      provinceCode: '32',
      ratedPowerKw: 1000,
      capacityKwh: 2000,
      type: 'operating',
      longitude: 120,
      latitude: 31,
      orgId: org?.id ?? 0,
    })
    .returning({ id: stations.id });
  if (!station) throw new Error('bench station not created');
  const codes = Array.from({ length: pointCount }, (_, i) => `v${String(i).padStart(2, '0')}`);
  const out: BenchDevice[] = [];
  for (let i = 1; i <= count; i++) {
    const sn = `BENCH-D${String(i).padStart(4, '0')}`;
    const [d] = await db
      .insert(devices)
      .values({ stationId: station.id, type: 'pcs', name: sn, sn, reportIntervalS: 1 })
      .returning({ id: devices.id });
    if (!d) throw new Error('bench device not created');
    const ids = await db
      .insert(points)
      .values(
        codes.map((c) => ({
          deviceId: d.id,
          code: c,
          names: names(c, c, c, c),
          unit: 'kW',
          kind: 'telemetry' as const,
          min: -1e9,
          max: 1e9,
        })),
      )
      .returning({ id: points.id });
    const creds = await rotateDeviceSecret(db, d.id);
    if (!creds) throw new Error('no credentials');
    out.push({ id: d.id, sn, password: creds.password, pointIds: ids.map((r) => r.id) });
  }
  return { code, devices: out, codes };
}
