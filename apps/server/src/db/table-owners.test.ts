import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { domainsDir, isTestCode, moduleOf, serverFiles, src } from '../test/import-graph';
import { CROSS_MODULE_READS, TABLE_OWNERS } from './table-owners.kit';

/**
 * Every table has one owning module, and production code uses another module's table only
 * where the baseline says (docs/architecture.md "Domains"). What counts is importing the
 * table from db/*schema.ts; raw SQL naming a table is not seen. db/ itself (schemas, seed,
 * catalogue syncs) writes the first rows of every table and is not held to it.
 */
const dbDir = path.join(src, 'db');
const schemaFiles = readdirSync(dbDir)
  .filter((f) => /schema\.ts$/.test(f))
  .map((f) => path.join(dbDir, f));

/** Names of the tables a schema file defines. */
const tablesOf = (text: string): string[] =>
  [...text.matchAll(/export const (\w+) = pgTable\(/g)].flatMap(([, n]) => (n ? [n] : []));
const tables = new Set(schemaFiles.flatMap((f) => tablesOf(readFileSync(f, 'utf8'))));

/** `devices`, `type devices` and `devices as d` all import `devices`. */
const importedName = (item: string): string =>
  item
    .trim()
    .replace(/^type\s+/, '')
    .split(/\s+as\s+/)[0] ?? '';
const SCHEMA_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'[^']*\/db\/[\w-]*schema'/g;

/** Names `text` imports from a db/*schema.ts file. */
const schemaImports = (text: string): string[] =>
  [...text.matchAll(SCHEMA_IMPORT)].flatMap(([, names]) =>
    (names ?? '')
      .split(',')
      .map(importedName)
      .filter((n) => n !== ''),
  );

/** The module of a production file, or its place outside the domains (kernel, lib, simulation…). */
const placeOf = (file: string): string =>
  moduleOf(file) ?? (path.relative(src, file).split(path.sep)[0] ?? '').replace(/\.ts$/, '');

const pairKey = (module: string, table: string) => `${module} ${table}`;

/** "module table" for every production import of a table another module owns. */
function crossModuleUses(): string[] {
  const pairs = new Set<string>();
  for (const file of serverFiles()) {
    if (isTestCode(file) || file.startsWith(dbDir + path.sep)) continue;
    const place = placeOf(file);
    for (const name of schemaImports(readFileSync(file, 'utf8'))) {
      if (tables.has(name) && TABLE_OWNERS[name] !== place) pairs.add(pairKey(place, name));
    }
  }
  return [...pairs].sort();
}

describe('table owners', () => {
  it('names one existing owner for every table, and no table that is gone', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tables].sort());
    const isModule = (o: string) => {
      try {
        return statSync(path.join(domainsDir, o, 'index.ts')).isFile();
      } catch {
        return false;
      }
    };
    const unknown = Object.values(TABLE_OWNERS).filter((o) => !isModule(o) && !['kernel', 'plugins', 'db'].includes(o));
    expect(unknown).toEqual([]);
  });

  it("production code uses another module's table only as the baseline lists", () => {
    const listed = CROSS_MODULE_READS.map((r) => pairKey(r.module, r.table));
    expect(listed.filter((k, i) => listed.indexOf(k) !== i)).toEqual([]);
    const used = crossModuleUses();
    // New: use the owner's face (or, if it must be a join, list it with why). Gone: delete it here.
    expect({
      new: used.filter((k) => !listed.includes(k)),
      gone: listed.filter((k) => !used.includes(k)),
    }).toEqual({ new: [], gone: [] });
  });

  it('reads the tables a file imports from a schema file', () => {
    const text = [
      "import { and } from 'drizzle-orm';",
      "import { devices, points as p, type stations } from '../../../db/schema';",
      "import type {\n  alarmEvents,\n} from '../../../db/alarm-schema';",
      "import { localName } from '../../stations/device';",
    ].join('\n');
    expect(schemaImports(text)).toEqual(['devices', 'points', 'stations', 'alarmEvents']);
  });
});
