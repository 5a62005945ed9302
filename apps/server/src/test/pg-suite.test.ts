import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eitherDatabase, pgSuites, serverTestFiles } from './pg-suite';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** What makes a test file's outcome depend on the database it runs on (pg-suite.ts). */
const DEPENDS_ON_DATABASE = [
  /DATABASE_URL/,
  /\b(raw|database)\.kind\b/,
  /\bcreateTestDatabase\b/,
  /test\/(two-apps|server-process)'/,
];

const files = serverTestFiles();
const listed: string[] = [...Object.values(pgSuites).flat(), ...eitherDatabase];

describe('the database suites of CI (pg-suite.ts)', () => {
  it('lists test files that exist under one name each, each once', () => {
    expect(listed.filter((name) => files.get(name)?.length !== 1)).toEqual([]);
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
  });

  it('lists every test file that reads the database kind or starts a second app on it', () => {
    const dependent = [...files.entries()].filter(([, paths]) =>
      paths.some((p) => DEPENDS_ON_DATABASE.some((re) => re.test(readFileSync(path.join(ROOT, p), 'utf8')))),
    );
    // This file names the patterns: it is not a test of the database.
    const missing = dependent.map(([name]) => name).filter((n) => n !== 'pg-suite.test.ts' && !listed.includes(n));
    expect(missing).toEqual([]);
  });
});
