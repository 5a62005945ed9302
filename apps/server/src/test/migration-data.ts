import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Runs the data statements of a committed migration again (its schema changes skipped), as
 * they run on a database seeded before it: tests of hand-written data migrations use it.
 */
export async function rerunMigrationData(db: Db, file: string): Promise<void> {
  const statements = readFileSync(path.join(drizzleDir, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => !/^\s*ALTER TABLE/m.test(s));
  for (const statement of statements) await db.execute(sql.raw(statement));
}
