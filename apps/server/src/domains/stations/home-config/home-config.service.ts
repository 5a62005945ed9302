import {
  completeHomeBlocks,
  DEFAULT_HOME_BLOCKS,
  type HomeConfig,
  type HomeConfigBody,
  type HomeDefault,
  type HomeDefaultBody,
  type HomeDefaultReset,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import {
  deleteStationHomeConfigs,
  findHomeConfig,
  findHomeDefault,
  type HomeConfigRow,
  type HomeDefaultRow,
  upsertHomeConfig,
  upsertHomeDefault,
} from './home-config.repository';

/** A saved layout as answered; a block added to the page after it was saved shows, as by default. */
const fromRow = (stationId: number, row: HomeConfigRow | HomeDefaultRow | undefined): HomeDefault =>
  row
    ? {
        stationId,
        blocks: completeHomeBlocks(row.blocks, 'default'),
        saved: true,
        updateTime: row.updateTime.getTime(),
      }
    : { stationId, blocks: DEFAULT_HOME_BLOCKS, saved: false, updateTime: null };

/** Which blocks of the site home page a user sees for a station, and in what order. */
export class HomeConfigService {
  constructor(private readonly db: Db) {}

  /**
   * The caller's configuration of the station; while they saved none, the station's default
   * (still `saved: false`: nothing of their own), else the built-in order.
   */
  async get(user: SessionUser, stationId: number): Promise<HomeConfig> {
    const station = await assertStationInScope(this.db, user, stationId);
    const own = await findHomeConfig(this.db, user.userId, station.id);
    if (own) return fromRow(station.id, own);
    return { ...fromRow(station.id, await findHomeDefault(this.db, station.id)), saved: false, updateTime: null };
  }

  /** Saves the caller's configuration of the station; blocks the list leaves out are hidden. */
  async save(user: SessionUser, body: HomeConfigBody): Promise<HomeConfig> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const blocks = completeHomeBlocks(body.blocks, 'hidden');
    return fromRow(station.id, await upsertHomeConfig(this.db, user.userId, station.id, blocks));
  }

  /** The station's default layout, or the built-in order while none is saved. */
  async getDefault(user: SessionUser, stationId: number): Promise<HomeDefault> {
    const station = await assertStationInScope(this.db, user, stationId);
    return fromRow(station.id, await findHomeDefault(this.db, station.id));
  }

  /** Saves the station's default layout; blocks the list leaves out are hidden. */
  async saveDefault(user: SessionUser, body: HomeDefaultBody): Promise<HomeDefault> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const blocks = completeHomeBlocks(body.blocks, 'hidden');
    return fromRow(station.id, await upsertHomeDefault(this.db, station.id, blocks, user.userId));
  }

  /** Drops users' own layouts of the station so every user follows its default. */
  async resetUsers(user: SessionUser, stationId: number): Promise<HomeDefaultReset> {
    const station = await assertStationInScope(this.db, user, stationId);
    return { reset: await deleteStationHomeConfigs(this.db, station.id) };
  }
}
