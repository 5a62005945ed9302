import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { notOnPostgres, pgSuites } from './pg-suite';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SRC = path.join(ROOT, 'apps/server/src');

/** What makes a test file's outcome depend on the database it runs on (pg-suite.ts). */
const DEPENDS_ON_DATABASE = [
  /DATABASE_URL/,
  /\b(raw|database)\.kind\b/,
  /\bcreateTestDatabase\b/,
  /test\/(two-apps|server-process)'/,
];

const testFiles = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.posix.join('apps/server/src', f.split(path.sep).join('/')));

const listed: string[] = [...Object.values(pgSuites).flat(), ...notOnPostgres];

describe('the PostgreSQL suite of CI (pg-suite.ts)', () => {
  it('lists files that exist, each once', () => {
    expect(listed.filter((f) => !existsSync(path.join(ROOT, f)))).toEqual([]);
    expect(listed.filter((f, i) => listed.indexOf(f) !== i)).toEqual([]);
  });

  it('lists every test file that reads the database kind or starts a second app on it', () => {
    const dependent = testFiles.filter((f) => {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      return DEPENDS_ON_DATABASE.some((re) => re.test(text));
    });
    // The rule selects this file's own patterns: it is not a test of the database.
    const missing = dependent.filter((f) => !f.endsWith('pg-suite.test.ts') && !listed.includes(f));
    expect(missing).toEqual([]);
  });
});
