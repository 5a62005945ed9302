import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { settings } from '../../../db/schema';
import { allDictionaries } from './dict.repository';

/** The `sys_setting` row a statement trigger bumps on every change to the dictionary tables (migration 0020). */
export const DICT_VERSION_KEY = 'dict.version';

type Dictionaries = Awaited<ReturnType<typeof allDictionaries>>;

/**
 * Every dictionary, kept in memory while the database's dictionary version stays the same.
 * Each read costs one primary-key lookup of the version; any write (this instance, another
 * instance on the same database, a migration, plain SQL) bumps it in its own transaction, so
 * the next read reloads. The version is read before the rows: a write landing in between only
 * causes one more reload, never a stale answer.
 */
export class DictCache {
  private cached: { version: string; dicts: Dictionaries } | null = null;
  /** How many times the rows were read from the database (tests check the cache is used). */
  loads = 0;

  constructor(private readonly db: Db) {}

  async get(): Promise<{ version: string | null; dicts: Dictionaries }> {
    const version = await this.version();
    if (version !== null && this.cached?.version === version) return this.cached;
    const dicts = await allDictionaries(this.db);
    this.loads++;
    // Without the version row (a database not migrated yet) nothing is kept.
    this.cached = version === null ? null : { version, dicts };
    return { version, dicts };
  }

  private async version(): Promise<string | null> {
    const [row] = await this.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, DICT_VERSION_KEY));
    return row ? JSON.stringify(row.value) : null;
  }
}
