import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { Db } from '../../../db/client';
import { bearer, sqlRows } from '../../../test/harness';
import type { TelemetryRuntime } from '../../telemetry/telemetry/telemetry-runtime';
import type { TestStation } from '../../telemetry/telemetry/test-station.kit';

const DAY = 86_400_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');

/** Runs scripts/<name>.sh with these variables; resolves with its output, rejects on failure. */
export async function runScript(
  name: 'backup' | 'restore',
  args: string[],
  vars: Record<string, string | undefined>,
): Promise<string> {
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined };
  for (const [k, v] of Object.entries(vars)) env[k] = v;
  const { stdout } = await promisify(execFile)('bash', [path.join(root, `scripts/${name}.sh`), ...args], {
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
  });
  return stdout;
}

/** Samples of a PCS's `p` on the day before yesterday (24, five minutes apart) and today. */
export async function ingestHistory(telemetry: TelemetryRuntime, st: TestStation): Promise<number> {
  const pcs = st.pcs[0];
  const today = Math.floor(Date.now() / DAY);
  const samples = [
    ...Array.from({ length: 24 }, (_, i) => ({ ts: (today - 2) * DAY + 3_600_000 + i * 300_000, v: 10 + i })),
    ...Array.from({ length: 6 }, (_, i) => ({ ts: today * DAY + i * 60_000, v: 100 + i })),
  ].filter((s) => s.ts < Date.now());
  for (const s of samples)
    await telemetry.receive(
      topicOf(st.code, pcs?.sn ?? '', 'telemetry'),
      Buffer.from(JSON.stringify({ ts: s.ts, values: { p: s.v, q: -s.v } })),
    );
  return samples.length;
}

/** What a backup must bring back: the station's samples, roll-ups, latest values, migrations. */
export async function snapshot(db: Db, st: TestStation) {
  const ids = [...(st.pcs[0]?.points.values() ?? [])];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return {
    raw: await sqlRows(db, sql`SELECT * FROM ts_raw WHERE point_id IN (${list}) ORDER BY point_id, ts`),
    m15: await sqlRows(db, sql`SELECT * FROM ts_15m WHERE point_id IN (${list}) ORDER BY point_id, bucket`),
    d1: await sqlRows(db, sql`SELECT * FROM ts_1d WHERE point_id IN (${list}) ORDER BY point_id, day`),
    latest: await sqlRows(db, sql`SELECT * FROM ts_latest WHERE point_id IN (${list}) ORDER BY point_id`),
    partitions: await sqlRows(
      db,
      sql`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'ts_msg'::regclass ORDER BY 1`,
    ),
    migrations: await sqlRows(db, sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`),
    users: await sqlRows(db, sql`SELECT * FROM sys_user ORDER BY id`),
  };
}

/** Waits until the roll-ups hold all `n` samples of the station's `p` (they may follow the ack). */
export async function rollupsSettled(db: Db, st: TestStation, n: number): Promise<void> {
  const pid = st.pcs[0]?.points.get('p') ?? 0;
  await vi.waitFor(
    async () => {
      const [r] = await sqlRows<{ m: number; d: number }>(
        db,
        sql`SELECT (SELECT coalesce(sum(count), 0)::int FROM ts_15m WHERE point_id = ${pid}) AS m,
                   (SELECT coalesce(sum(count), 0)::int FROM ts_1d WHERE point_id = ${pid}) AS d`,
      );
      expect(r).toEqual({ m: n, d: n });
    },
    { timeout: 30_000, interval: 200 },
  );
}

/** History as the interface reads it: the last three days (15-minute or raw) and 60 days (daily). */
export async function curves(app: FastifyInstance, token: string, st: TestStation, to: number): Promise<unknown[]> {
  const deviceId = st.pcs[0]?.id ?? 0;
  const out: unknown[] = [];
  for (const days of [3, 60]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/business/point/pointCurve',
      headers: bearer(token),
      payload: { deviceId, points: ['p', 'q'], from: to - days * DAY, to },
    });
    const body = res.json();
    expect(body.code).toBe(200);
    out.push(body.data);
  }
  return out;
}
