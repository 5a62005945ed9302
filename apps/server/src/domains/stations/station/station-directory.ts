import type { Db } from '../../../db/client';
import { scopedStationIds } from '../../../kernel/station-scope.service';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import type { SessionUser } from '../../../lib/types';
import { type StationRow, selectStations } from './station.repository';

/**
 * How long a loaded list or scope is used without a change event: the bound on staleness for
 * writes that announce nothing (made by hand or by another tool on the database).
 */
export const STATION_DIRECTORY_STALE_MS = 30_000;

type Loaded<T> = { at: number; value: Promise<T> };
type Scope = Loaded<Set<number>> & { deptId: number | null };

/**
 * The station list of a caller from memory (issue 16): every station row, loaded once, and the
 * ids each scoped user sees (stationScopeFilter's rule, read once per user). Both are dropped
 * when what they derive from changes, here or on another instance through the cluster relay:
 * `devicesChanged` (a station added, edited or deleted) drops everything; `sessionsChanged`
 * drops one user's scope (their roles, grants, organisation or station roles changed) or
 * everything (a role's data scope changed, an organisation moved). Anything older than
 * STATION_DIRECTORY_STALE_MS is read again.
 */
export class StationDirectory {
  private rows: Loaded<StationRow[]> | null = null;
  private readonly scopes = new Map<number, Scope>();

  constructor(
    private readonly db: Db,
    bus: TelemetryBus,
    private readonly now: () => number = Date.now,
  ) {
    bus.on('devicesChanged', () => this.clear());
    bus.on('sessionsChanged', (c) => {
      if ('all' in c) this.clear();
      else this.scopes.delete(c.userId);
    });
  }

  /** The caller's stations by id, exactly as stationsInScope reads them from the database. */
  async stationsOf(user: SessionUser): Promise<StationRow[]> {
    const [rows, ids] = await Promise.all([
      this.allRows(),
      user.isAdmin || user.groupWide ? null : this.scopeOf(user.userId, user.deptId),
    ]);
    const codes = user.stationCodes ? new Set(user.stationCodes) : null;
    return rows.filter((r) => (ids === null || ids.has(r.id)) && (codes === null || codes.has(r.code)));
  }

  private clear(): void {
    this.rows = null;
    this.scopes.clear();
  }

  private fresh(entry: { at: number } | null | undefined): boolean {
    return entry != null && this.now() - entry.at <= STATION_DIRECTORY_STALE_MS;
  }

  private allRows(): Promise<StationRow[]> {
    if (this.fresh(this.rows) && this.rows) return this.rows.value;
    const entry: Loaded<StationRow[]> = { at: this.now(), value: selectStations(this.db) };
    this.rows = entry;
    // A failed read is not kept: the next call reads again.
    entry.value.catch(() => {
      if (this.rows === entry) this.rows = null;
    });
    return entry.value;
  }

  private scopeOf(userId: number, deptId: number | null): Promise<Set<number>> {
    const known = this.scopes.get(userId);
    if (known && known.deptId === deptId && this.fresh(known)) return known.value;
    const entry: Scope = {
      at: this.now(),
      deptId,
      value: scopedStationIds(this.db, userId, deptId).then((ids) => new Set(ids)),
    };
    this.scopes.set(userId, entry);
    entry.value.catch(() => {
      if (this.scopes.get(userId) === entry) this.scopes.delete(userId);
    });
    return entry.value;
  }
}
