import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import drizzleConfig from '../../drizzle.config';
import { type Database, openDatabase } from './client';

/**
 * One schema source: a database made by the committed migrations has exactly the tables,
 * columns, constraints and indexes that the schema files drizzle-kit reads declare, and
 * drizzle-kit's newest snapshot equals those files (so `npm run db:generate` has nothing to do).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const migrations = path.resolve(root, drizzleConfig.out ?? 'drizzle');

/**
 * What drizzle cannot declare, made by hand-written SQL (drizzle/0001_telemetry.sql); every
 * other table must be a plain one without storage options.
 */
const BY_HAND: Record<string, { partitionKey?: string; options?: string }> = {
  // Day partitions, created and dropped by the server (domains/telemetry/telemetry/partitions.ts).
  ts_msg: { partitionKey: 'RANGE (ts)' },
  // Rows updated in place all the time: free space keeps those updates on the page (HOT).
  ts_latest: { options: 'fillfactor=70' },
  ts_15m: { options: 'fillfactor=70' },
  ts_1d: { options: 'fillfactor=70' },
};
const PARTITION = /^ts_msg_\d{8}$/;
/** Views made by hand (drizzle/0059_ts_msg.sql: ts_raw, a sample a row, for tools). */
const VIEWS = ['ts_raw'];

type Column = { type: string; notNull: boolean; default: string | null; identity: string; generated: string };
type Shape = { columns: Record<string, Column>; constraints: Record<string, string>; indexes: Record<string, string> };

const dialect = new PgDialect();

// Not the test harness's helper: that module loads the whole app, which this test does not need.
async function sqlRows<T>(db: Database['db'], query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as { rows: T[] };
  return res.rows;
}

/** The modules of the schema files named in drizzle.config.ts, by file. */
async function schemaModules(): Promise<Record<string, Record<string, unknown>>> {
  const files = [drizzleConfig.schema ?? []].flat();
  const modules: Record<string, Record<string, unknown>> = {};
  for (const file of files) modules[file] = await import(path.resolve(root, file));
  return modules;
}

const ACTIONS: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};
const fkText = (cols: string[], table: string, refCols: string[], onDelete: string, onUpdate: string) =>
  `FOREIGN KEY (${cols.join(', ')}) -> ${table} (${refCols.join(', ')}) ON DELETE ${onDelete} ON UPDATE ${onUpdate}`;
const indexText = (unique: boolean, method: string, cols: string[], partial: boolean) =>
  `${unique ? 'UNIQUE ' : ''}${method} (${cols.join(', ')})${partial ? ' WHERE …' : ''}`;

async function columnsOf(db: Database['db'], relation: string): Promise<Record<string, Column>> {
  const rows = await sqlRows<{
    name: string;
    type: string;
    not_null: boolean;
    default: string | null;
    identity: string;
    generated: string;
  }>(
    db,
    sql`SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
          pg_get_expr(d.adbin, d.adrelid) AS default, a.attidentity::text AS identity,
          a.attgenerated::text AS generated
        FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attrelid = ${relation}::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.name,
      { type: r.type, notNull: r.not_null, default: r.default, identity: r.identity, generated: r.generated },
    ]),
  );
}

/** What the migrated database holds: tables (partitions apart), their shape and storage. */
async function actualSchema(db: Database['db']) {
  const rels = await sqlRows<{ name: string; kind: string; parent: string; options: string; partition_key: string }>(
    db,
    sql`SELECT c.relname AS name, c.relkind::text AS kind, coalesce(p.relname, '') AS parent,
          coalesce(array_to_string(c.reloptions, ','), '') AS options,
          CASE WHEN c.relkind = 'p' THEN pg_get_partkeydef(c.oid) ELSE '' END AS partition_key
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_inherits i ON i.inhrelid = c.oid LEFT JOIN pg_class p ON p.oid = i.inhparent
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`,
  );
  const partitions = rels.filter((r) => r.parent !== '');
  const views = rels.filter((r) => r.kind === 'v').map((r) => r.name);
  const tables = rels.filter((r) => r.parent === '' && r.kind !== 'v');
  const constraints = await sqlRows<{
    table: string;
    name: string;
    type: string;
    columns: string;
    ref_table: string;
    ref_columns: string;
    on_delete: string;
    on_update: string;
    definition: string;
  }>(
    db,
    sql`SELECT c.relname AS table, k.conname AS name, k.contype::text AS type,
          array_to_string(ARRAY(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
            JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i), ',') AS columns,
          coalesce(f.relname, '') AS ref_table,
          array_to_string(ARRAY(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
            JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i), ',') AS ref_columns,
          k.confdeltype::text AS on_delete, k.confupdtype::text AS on_update,
          pg_get_constraintdef(k.oid) AS definition
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_class f ON f.oid = k.confrelid
        WHERE n.nspname = 'public' AND NOT c.relispartition AND k.contype IN ('p', 'u', 'f', 'c', 'x')`,
  );
  const indexes = await sqlRows<{
    table: string;
    name: string;
    unique: boolean;
    method: string;
    columns: string;
    partial: boolean;
  }>(
    db,
    sql`SELECT t.relname AS table, ic.relname AS name, x.indisunique AS unique, am.amname AS method,
          array_to_string(ARRAY(SELECT coalesce(a.attname::text, pg_get_indexdef(x.indexrelid, u.i::int, true))
            FROM unnest(x.indkey::int2[]) WITH ORDINALITY u(n, i)
            LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = u.n AND u.n > 0
            WHERE u.i <= x.indnkeyatts ORDER BY u.i), ',') AS columns,
          x.indpred IS NOT NULL AS partial
        FROM pg_index x JOIN pg_class ic ON ic.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_am am ON am.oid = ic.relam
        WHERE n.nspname = 'public' AND NOT t.relispartition
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid)`,
  );
  const sequences = await sqlRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'S'`,
  );
  const enums = await sqlRows<{ name: string }>(
    db,
    sql`SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = 'public' AND t.typtype = 'e'`,
  );

  const shapes: Record<string, Shape> = {};
  for (const t of tables) {
    shapes[t.name] = { columns: await columnsOf(db, `public."${t.name}"`), constraints: {}, indexes: {} };
  }
  for (const k of constraints) {
    const shape = shapes[k.table];
    if (!shape) continue;
    const cols = k.columns.split(',');
    shape.constraints[k.name] =
      k.type === 'p'
        ? `PRIMARY KEY (${cols.join(', ')})`
        : k.type === 'u'
          ? `UNIQUE${k.definition.startsWith('UNIQUE NULLS NOT DISTINCT') ? ' NULLS NOT DISTINCT' : ''} (${cols.join(', ')})`
          : k.type === 'f'
            ? fkText(
                cols,
                k.ref_table,
                k.ref_columns.split(','),
                ACTIONS[k.on_delete] ?? k.on_delete,
                ACTIONS[k.on_update] ?? k.on_update,
              )
            : k.definition;
  }
  for (const x of indexes) {
    const shape = shapes[x.table];
    if (shape) shape.indexes[x.name] = indexText(x.unique, x.method, x.columns.split(','), x.partial);
  }
  return {
    tables: Object.fromEntries(
      tables.map((t) => [t.name, { kind: t.kind, partitionKey: t.partition_key, options: t.options }]),
    ),
    partitions: partitions.map((p) => ({ name: p.name, parent: p.parent })),
    views: views.sort(),
    shapes,
    sequences: sequences.map((s) => s.name).sort(),
    enums: enums.map((e) => e.name).sort(),
  };
}

const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };

/** A column's default as drizzle-kit writes it into a migration. */
function defaultSql(table: string, column: PgColumn): string | null {
  const value: unknown = column.default;
  if (value === undefined) return null;
  if (is(value, SQL)) return dialect.sqlToQuery(value).sql;
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (['json', 'jsonb'].includes(column.getSQLType())) return `'${JSON.stringify(value).replaceAll("'", "''")}'`;
  throw new Error(`${table}.${column.name}: this kind of default is not compared yet; extend schema-sync.test.ts`);
}

/**
 * What the schema files declare, in the database's own words: types, defaults and checks go
 * through a temporary table, so PostgreSQL spells them as it spells the migrated ones.
 */
async function expectedSchema(db: Database['db'], tables: PgTable[]) {
  const shapes: Record<string, Shape> = {};
  const sequences: string[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    const name = config.name;
    const probeColumns: string[] = [];
    const serial = new Set<string>();
    for (const c of config.columns) {
      const sqlType = c.getSQLType();
      const base = SERIAL_TYPES[sqlType];
      if (base) serial.add(c.name);
      const def = base ? null : defaultSql(name, c);
      probeColumns.push(`"${c.name}" ${base ?? sqlType}${def === null ? '' : ` DEFAULT ${def}`}`);
      if (base || c.generatedIdentity) sequences.push(c.generatedIdentity?.sequenceName ?? `${name}_${c.name}_seq`);
    }
    const checks = config.checks.map(
      (k) => `CONSTRAINT "${k.name}" CHECK (${dialect.sqlToQuery(k.value, 'indexes').sql})`,
    );
    await db.execute(sql.raw(`CREATE TEMP TABLE schema_sync_probe (${[...probeColumns, ...checks].join(', ')})`));
    const probed = await columnsOf(db, 'pg_temp.schema_sync_probe');
    const checkDefs = await sqlRows<{ name: string; definition: string }>(
      db,
      sql`SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
          WHERE conrelid = 'pg_temp.schema_sync_probe'::regclass AND contype = 'c'`,
    );
    await db.execute(sql.raw('DROP TABLE pg_temp.schema_sync_probe'));

    const columns: Record<string, Column> = {};
    for (const c of config.columns) {
      const p = probed[c.name];
      if (!p) throw new Error(`${name}.${c.name} missing from the probe`);
      columns[c.name] = {
        type: p.type,
        notNull: c.notNull,
        default: serial.has(c.name) ? `nextval('${name}_${c.name}_seq'::regclass)` : p.default,
        identity: c.generatedIdentity ? (c.generatedIdentity.type === 'always' ? 'a' : 'd') : '',
        generated: c.generated ? 's' : '',
      };
    }

    const constraints: Record<string, string> = {};
    const primary = config.columns.filter((c) => c.primary);
    if (primary.length > 0) constraints[`${name}_pkey`] = `PRIMARY KEY (${primary.map((c) => c.name).join(', ')})`;
    for (const pk of config.primaryKeys) {
      constraints[pk.getName()] = `PRIMARY KEY (${pk.columns.map((c) => c.name).join(', ')})`;
    }
    for (const c of config.columns) {
      if (c.isUnique && c.uniqueName) {
        constraints[c.uniqueName] = `UNIQUE${c.uniqueType === 'not distinct' ? ' NULLS NOT DISTINCT' : ''} (${c.name})`;
      }
    }
    for (const u of config.uniqueConstraints) {
      const cols = u.columns.map((c) => c.name);
      constraints[u.getName() ?? `${name}_${cols.join('_')}_unique`] =
        `UNIQUE${u.nullsNotDistinct ? ' NULLS NOT DISTINCT' : ''} (${cols.join(', ')})`;
    }
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      constraints[fk.getName()] = fkText(
        ref.columns.map((c) => c.name),
        getTableConfig(ref.foreignTable).name,
        ref.foreignColumns.map((c) => c.name),
        fk.onDelete ?? 'no action',
        fk.onUpdate ?? 'no action',
      );
    }
    for (const k of checkDefs) constraints[k.name] = k.definition;

    const indexes: Record<string, string> = {};
    for (const { config: ix } of config.indexes) {
      const cols = ix.columns.map((c) => {
        if (is(c, SQL) || !('name' in c) || !c.name)
          throw new Error(`${name}: expression indexes are not compared yet`);
        return c.name;
      });
      // drizzle-kit's name for an unnamed index.
      indexes[ix.name ?? `${name}_${cols.join('_')}_index`] = indexText(
        ix.unique,
        ix.method ?? 'btree',
        cols,
        ix.where !== undefined,
      );
    }
    shapes[name] = { columns, constraints, indexes };
  }
  return { shapes, sequences: sequences.sort() };
}

/** A database made by the migrations alone: in-memory PGlite, or a new one on DATABASE_URL. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: undefined });
    return { database, drop: () => database.close() };
  }
  const name = `ess_schema_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe('schema files and migrations', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let modules: Record<string, Record<string, unknown>>;
  let tables: PgTable[];

  beforeAll(async () => {
    modules = await schemaModules();
    tables = Object.values(modules)
      .flatMap((m) => Object.values(m))
      .filter((v): v is PgTable => is(v, PgTable));
    ({ database, drop } = await freshDatabase());
    // A day partition as the server makes them: an expected extra, not a table of its own.
    await database.db.execute(
      sql.raw(`CREATE TABLE ts_msg_20240101 PARTITION OF ts_msg FOR VALUES FROM ('2024-01-01') TO ('2024-01-02')`),
    );
  });
  afterAll(() => drop());

  it('declares every table once, in the files drizzle-kit reads', () => {
    const names = tables.map((t) => getTableConfig(t).name);
    expect(names.length).toBeGreaterThan(30);
    expect(new Set(names).size).toBe(names.length);
    // A table declared in a file drizzle-kit does not read would never get a migration.
    const src = path.resolve(root, 'apps/server/src');
    const declaring = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => readFileSync(path.join(src, f), 'utf8').includes('pgTable('))
      .map((f) => path.relative(root, path.join(src, f)));
    const read = Object.keys(modules).map((f) => path.relative(root, path.resolve(root, f)));
    expect(declaring.sort()).toEqual(read.sort());
  });

  it('migrates a fresh database to exactly the declared tables, columns, keys and indexes', async () => {
    const actual = await actualSchema(database.db);
    const expected = await expectedSchema(database.db, tables);

    // Soft: one run lists every difference, not only the first.
    expect.soft(Object.keys(actual.tables).sort()).toEqual(Object.keys(expected.shapes).sort());
    expect.soft(actual.shapes).toEqual(expected.shapes);
    expect.soft(actual.sequences).toEqual(expected.sequences);
    // No pgEnum is declared, so none may exist.
    expect.soft(actual.enums).toEqual([]);

    // What drizzle cannot declare is there, and nothing else is hand-made.
    const storage = Object.fromEntries(
      Object.keys(actual.tables).map((name) => {
        const byHand = BY_HAND[name];
        const kind = byHand?.partitionKey ? 'p' : 'r';
        return [name, { kind, partitionKey: byHand?.partitionKey ?? '', options: byHand?.options ?? '' }];
      }),
    );
    expect.soft(actual.tables).toEqual(storage);
    expect.soft(actual.views).toEqual(VIEWS);
    expect(actual.partitions.length).toBeGreaterThan(0);
    for (const p of actual.partitions) {
      expect(p.parent).toBe('ts_msg');
      expect(p.name).toMatch(PARTITION);
    }
  });

  it('leaves nothing for drizzle-kit generate: the newest snapshot equals the schema files', async () => {
    const meta = path.join(migrations, 'meta');
    const newest = readdirSync(meta)
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort()
      .at(-1);
    if (!newest) throw new Error('no drizzle-kit snapshot');
    const snapshot = JSON.parse(readFileSync(path.join(meta, newest), 'utf8')) as DrizzleSnapshotJSON;
    // Keys by file: two files exporting one name must not hide a table.
    const imports = Object.fromEntries(
      Object.entries(modules).flatMap(([file, m]) => Object.entries(m).map(([k, v]) => [`${file}#${k}`, v])),
    );
    const statements = await generateMigration(snapshot, generateDrizzleJson(imports, snapshot.id));
    expect(statements).toEqual([]);
  });
});
