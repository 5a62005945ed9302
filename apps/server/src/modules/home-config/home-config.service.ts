import { completeHomeBlocks, DEFAULT_HOME_BLOCKS, type HomeConfig, type HomeConfigBody } from '@ess/contract';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../lib/types';
import { assertStationInScope } from '../station/station-scope.service';
import { findHomeConfig, type HomeConfigRow, upsertHomeConfig } from './home-config.repository';

const toConfig = (stationId: number, row: HomeConfigRow | undefined): HomeConfig =>
  row
    ? {
        stationId,
        // A block added to the page after this was saved shows, as it would by default.
        blocks: completeHomeBlocks(row.blocks, 'default'),
        saved: true,
        updateTime: row.updateTime.getTime(),
      }
    : { stationId, blocks: DEFAULT_HOME_BLOCKS, saved: false, updateTime: null };

/** Which blocks of the site home page a user sees for a station, and in what order. */
export class HomeConfigService {
  constructor(private readonly db: Db) {}

  /** The caller's configuration of the station, or the defaults while none is saved. */
  async get(user: SessionUser, stationId: number): Promise<HomeConfig> {
    const station = await assertStationInScope(this.db, user, stationId);
    return toConfig(station.id, await findHomeConfig(this.db, user.userId, station.id));
  }

  /** Saves the caller's configuration of the station; blocks the list leaves out are hidden. */
  async save(user: SessionUser, body: HomeConfigBody): Promise<HomeConfig> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const blocks = completeHomeBlocks(body.blocks, 'hidden');
    return toConfig(station.id, await upsertHomeConfig(this.db, user.userId, station.id, blocks));
  }
}
